import { describe, expect, it } from 'vitest';
import { decodeNotification, encodeNotification } from '../../../bot/notifications/notification-payload';
import { withoutContent } from '../../../bot/notifications/notified-events';
import type { MessageRecord } from '../../../db/chats/message-record';

const message: MessageRecord = {
  id: 7,
  chatId: 3,
  seq: 1,
  senderId: 10,
  clientId: 'c1',
  type: 'TEXT',
  text: '2026-01-01T00:00:00.000Z',
  photoImageId: null,
  stickerId: null,
  stickerImageId: null,
  replyToId: null,
  isPinned: false,
  isEdit: false,
  createdAt: new Date('2026-11-21T10:00:00Z'),
};

describe('notify job payload', () => {
  it('survives JSON with Dates as Dates and keeps no text of a message', () => {
    const event = withoutContent({ name: 'message.created', payload: { message, memberIds: [10, 11] } });
    const json = JSON.parse(JSON.stringify(encodeNotification({ id: crypto.randomUUID(), attempt: 2, event }))) as unknown;
    const back = decodeNotification(json);
    expect(back.attempt).toBe(2);
    expect(back.event).toEqual({ name: 'message.created', payload: { message: { ...message, text: null }, memberIds: [10, 11] } });
    expect(back.event.name === 'message.created' && back.event.payload.message.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(json)).not.toContain('2026-01-01');
  });

  it('refuses a payload that is not a notification', () => {
    expect(() => decodeNotification({ id: 'x', attempt: 0, event: { name: 'chat.updated', payload: {} } })).toThrow();
  });
});
