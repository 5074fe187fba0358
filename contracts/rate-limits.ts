/** What a 429 says first (AMENDMENTS §2.4); the wait follows: 'Попробуйте через N с'. */
export const RATE_LIMIT_MESSAGES = {
  generic: 'Слишком много запросов',
  likes: 'Слишком много лайков',
  messages: 'Слишком много сообщений',
  reports: 'Слишком много жалоб',
  uploads: 'Слишком много загрузок',
  stickerImports: 'Слишком много импортов стикеров',
} as const;

/** 'Попробуйте через 42 с', or in minutes once the wait passes two minutes. */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 120 ? `Попробуйте через ${s} с` : `Попробуйте через ${Math.ceil(s / 60)} мин`;
}

export const rateLimitMessage = (head: string, retryAfterS: number) => `${head}. ${tryAgainIn(retryAfterS)}`;
