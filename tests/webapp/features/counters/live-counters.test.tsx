import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFrameLive } from '../../../../webapp/app/layouts/app-frame';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { useUnread } from '../../../../webapp/lib/counters/unread-store';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { currentPath, flush, installFakeSockets, likesSocket, openSocket, receive, renderScreen } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatItem, chatMessage } from '../chat/chat-fixtures';
import { chatInfo, messagesSocket } from '../chat/chat-harness';
import { holdChatList } from '../chat/chat-list-fixtures';

// The frame's live parts (the counters' sockets, the notices) load beside the first screen; here they are in before it.
beforeAll(() => loadFrameLive());

const ME = '100010';
const PEER = '100020';
const server = { messages: 1, likes: 0 };
let calls: StubRequest[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  signIn();
  Object.assign(server, { messages: 1, likes: 0 });
  useUnread.setState({ messages: 0, likes: 0, polled: false });
  calls = stubFetch({
    'GET /api/messages/total-unread-count': () => ({ json: { ok: true, totalUnreadCount: server.messages } }),
    'GET /api/likes/unread-count': () => ({ json: { ok: true, count: server.likes } }),
    'GET /api/messages/chat-info': { json: { ok: true, ...chatInfo() } },
  });
});
afterEach(() => vi.useRealTimers());

const banners = () => useToasts.getState().toasts.filter((t) => !t.text.startsWith('У вас'));
const asked = (path: string) => calls.filter((c) => c.url.pathname === path).length;
const newMessage = (senderId: string, text = 'Привет! Как прошёл день?', seq = 9) => ({
  ch: 'chats',
  t: 'newMessage',
  data: {
    chatId: '7',
    message: chatMessage({ id: String(seq), seq, senderId, text }),
    preview: { last: text, time: '2026-03-10T09:05:00.000Z' },
  },
});

/** The app on a screen with both sockets open. */
async function openApp(path: string) {
  await renderScreen(path);
  const messages = messagesSocket();
  const likes = likesSocket();
  await openSocket(messages);
  await openSocket(likes);
  return { messages, likes };
}

describe('live counters (issue 40 item 1)', () => {
  it('raise the Чаты badge on a peer’s new message at once, not on one’s own, with no poll while the sockets are up', async () => {
    const { messages } = await openApp('/profile');
    expect(useUnread.getState().messages).toBe(1);
    await receive(messages, newMessage(PEER));
    expect(useUnread.getState().messages).toBe(2);
    expect(screen.getByLabelText('Чаты: 2')).toBeTruthy();
    await receive(messages, newMessage(ME));
    expect(useUnread.getState().messages).toBe(2);
    await flush(90_000);
    expect(asked('/api/messages/total-unread-count')).toBe(1);
  });

  it('ask the server again when a socket is back, and poll every 30 s only while it is down', async () => {
    const { messages } = await openApp('/profile');
    server.messages = 4;
    await receive(messages, { ch: 'chats', t: 'presenceSnapshot', data: { users: [] } });
    messages.drop();
    // The client's reconnect attempts are refused until the test opens one: the poll stands in.
    await flush(30_000);
    expect(useUnread.getState().messages).toBe(4);
    server.messages = 6;
    await openSocket(messagesSocket());
    await flush(0);
    expect(useUnread.getState().messages).toBe(6);
    const before = asked('/api/messages/total-unread-count');
    await flush(90_000);
    expect(asked('/api/messages/total-unread-count')).toBe(before);
  });

  it('drop the likes badge as likes are shown and answered, and ask nothing while no like waits', async () => {
    server.likes = 2;
    const { likes } = await openApp('/profile');
    expect(screen.getByLabelText('Лайки: 2')).toBeTruthy();
    server.likes = 1;
    await receive(likes, { ch: 'likes', t: 'seen_ok', data: { targetUserId: '5' } });
    expect(useUnread.getState().likes).toBe(1);
    server.likes = 0;
    await receive(likes, { ch: 'likes', t: 'action_success', data: { targetUserId: '5', action: 'like' } });
    expect(useUnread.getState().likes).toBe(0);
    const before = asked('/api/likes/unread-count');
    await receive(likes, { ch: 'explore', t: 'ack', data: { cid: 'x' } });
    expect(asked('/api/likes/unread-count')).toBe(before);
  });
});

describe('the new-message banner (issue 40 item 1)', () => {
  it('shows the peer’s name and the first words elsewhere in the app; a tap opens the chat', async () => {
    const { messages } = await openApp('/profile');
    await receive(messages, newMessage(PEER, 'Привет! Как прошёл день? Я сегодня наконец дочитала ту книгу, про которую рассказывала'));
    await flush(0);
    const banner = screen.getByRole('button', { name: /Маша/ });
    expect(banner.textContent).toContain('Привет! Как прошёл день? Я сегодня наконец дочитала ту…');
    fireEvent.click(banner);
    expect(currentPath()).toBe('/messages/7');
    expect(banners()).toHaveLength(0);
  });

  it('keeps one banner per chat: the next message replaces it', async () => {
    const { messages } = await openApp('/profile');
    await receive(messages, newMessage(PEER, 'Первое'));
    await flush(0);
    await receive(messages, newMessage(PEER, 'Второе', 10));
    await flush(0);
    expect(banners().map((t) => t.description)).toEqual(['Второе']);
  });

  it('stays away for one’s own messages and on the chat list, which shows them itself', async () => {
    const { messages } = await openApp('/profile');
    await receive(messages, newMessage(ME));
    await flush(0);
    expect(banners()).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: /Чаты/ }));
    await flush(0);
    await receive(messages, newMessage(PEER));
    await flush(0);
    expect(banners()).toHaveLength(0);
  });
});

describe('the unread summary on its own screen (issue 40 item 1)', () => {
  it('says nothing of likes on /likes', async () => {
    Object.assign(server, { messages: 0, likes: 2 });
    await renderScreen('/likes');
    await flush(10);
    expect(useUnread.getState()).toMatchObject({ likes: 2, polled: true });
    expect(useToasts.getState().toasts.filter((t) => t.text.startsWith('У вас'))).toHaveLength(0);
  });

  it.each(['Чаты', 'Лайки'])('tells only what waits elsewhere, and leaves when %s opens by a tab', async (tab) => {
    Object.assign(server, { messages: 3, likes: 2 });
    await renderScreen('/profile');
    await flush(10);
    expect(screen.getByText('У вас 3 непрочитанных сообщения и 2 новых лайка')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: new RegExp(tab) }));
    await flush(10);
    expect(screen.queryByText('У вас 3 непрочитанных сообщения и 2 новых лайка')).toBeNull();
  });
});

describe('the chat list outside /chat (issue 40 item 1)', () => {
  it('takes a message that came while the user was elsewhere, so /chat shows it without a reload', async () => {
    // The list was open earlier in the launch (its screen's code is in): its cache follows the pushes from anywhere.
    await import('../../../../webapp/features/chat/components/chat-list-screen');
    holdChatList([chatItem({ lastSeq: 1 })]);
    const { messages } = await openApp('/profile');
    await receive(messages, newMessage(PEER, 'Ты где?'));
    fireEvent.click(screen.getByRole('link', { name: /Чаты/ }));
    await flush(10);
    const row = screen.getByRole('link', { name: /Маша/ });
    expect(row.textContent).toContain('Ты где?');
    expect(row.textContent).toContain('1');
    expect(asked('/api/chat/me')).toBe(0);
  });
});
