// The texts of the chat list's and a chat's first paint, with nothing else: the page's inline script (webapp/boot)
// paints them before the app's code has arrived; CHAT_TEXT (chat-text.ts) holds them with the rest.
export const CHAT_FIRST_PAINT_TEXT = {
  listTitle: 'Сообщения',
  chatTitle: 'Чат',
  draft: 'Черновик:',
  firstMessage: 'Отправьте первое сообщение в чат',
  archive: 'Архив',
  connecting: 'Соединение…',
  placeholder: 'Сообщение',
  deleted: 'Сообщение удалено',
} as const;
