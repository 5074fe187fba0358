// Where the chat list kept from the last launch lives on the device: one per account, so a shared device never shows
// one user's chats to another. Zod-free: the page's inline script (webapp/boot) reads whether there is one.
export const chatListKeyFor = (userId: number) => `chat-list:v1:${userId}`;
