import type { ChatListItem, ChatMessage } from '../../../../contracts/chat';

export const chatItem = (overrides: Partial<ChatListItem> = {}): ChatListItem => ({
  id: '7',
  title: 'Маша',
  avatarUrl: null,
  message: { last: 'Привет!', time: '2026-03-10T09:05:00.000Z' },
  unreadCount: 0,
  isRead: true,
  isOnline: false,
  lastSeen: null,
  peerUserId: '100020',
  lastSeq: 1,
  readOnly: false,
  ...overrides,
});

export const chatMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: '1',
  chatId: '7',
  seq: 1,
  senderId: '100020',
  clientId: null,
  messageType: 'TEXT',
  text: 'Привет',
  photoUrl: null,
  blurred: false,
  sensitive: false,
  stickerId: null,
  stickerUrl: null,
  replyId: null,
  replyTo: null,
  isPinned: false,
  isEdit: false,
  deleted: false,
  createdAt: '2026-03-10T09:00:00.000Z',
  ...overrides,
});
