// What a chat's title and a closed chat say, free of zod: the page's inline script (webapp/boot) paints a chat list
// with them before the app's code has arrived; contracts/chat.ts's CHAT_MESSAGES holds them too.
export const CHAT_STATE_TEXT = {
  closedAge: 'Чат закрыт: возрастные ограничения',
  // Blocks and bans share one neutral text: nobody learns that they were blocked.
  unavailable: 'Чат недоступен',
  peerDeleted: 'Собеседник удалил аккаунт',
  deletedTitle: 'Удалённый аккаунт',
  // A closed chat (block, ban, age band) names nobody: no name, no photo.
  closedTitle: 'Чат закрыт',
  untitled: 'Без названия',
} as const;

export const READ_ONLY_REASONS = ['AGE', 'UNAVAILABLE', 'DELETED'] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];
export const READ_ONLY_NOTICES: Record<ReadOnlyReason, string> = {
  AGE: CHAT_STATE_TEXT.closedAge,
  UNAVAILABLE: CHAT_STATE_TEXT.unavailable,
  DELETED: CHAT_STATE_TEXT.peerDeleted,
};
