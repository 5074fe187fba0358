/** A chat's screen in the app's routes. */
export const chatPath = (chatId: string) => `/messages/${encodeURIComponent(chatId)}`;
