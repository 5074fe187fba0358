import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { ChatInfo, ChatMessage } from '../../../../contracts/chat';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import ChatScreen from '../../../../webapp/features/chat/components/chat-screen';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch, type Route as StubRoute } from '../../support/fetch-stub';
import { installFakeSockets, sent } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatMessage } from './chat-fixtures';

export const ME = '100010';
export const PEER = '100020';

export const chatInfo = (overrides: Partial<ChatInfo> = {}): ChatInfo => ({
  chatId: '7',
  title: 'Маша',
  avatarUrl: null,
  peerUserId: PEER,
  isOnline: true,
  lastSeen: null,
  readOnly: false,
  readOnlyReason: null,
  notice: null,
  lastSeq: 2,
  lastReadSeq: 2,
  peerReadSeq: 0,
  unreadCount: 0,
  archived: false,
  ...overrides,
});

/** Each test's start: fake sockets, a signed-in user, nothing stored (call it in beforeEach). */
export function resetChatTest(): void {
  installFakeSockets();
  signIn();
  localStorage.clear();
}

export const twoMessages = () => [
  chatMessage({ seq: 1, text: 'Привет' }),
  chatMessage({ id: '2', seq: 2, senderId: ME, text: 'Здравствуй' }),
];

export const historyPage = (messages: ChatMessage[], nextCursor: string | null = null) => ({
  json: { ok: true, chatId: '7', nextCursor, messages },
});

export function messagesSocket(): FakeSocket {
  const socket = FakeSocket.all.filter((s) => new URL(s.url).pathname === '/ws/messages').at(-1);
  if (!socket) throw new Error('no /ws/messages socket');
  return socket;
}

/** What the chat sent on ch:'messages' with this `t`. */
export const sentOf = (socket: FakeSocket, t: string) => sent(socket, 'messages').filter((m) => m.t === t);

/** Opens /messages/7 with the given answers (chat-info and history have defaults) and an open socket. */
export async function openChat(opts: { info?: Partial<ChatInfo>; messages?: ChatMessage[]; routes?: Record<string, StubRoute> } = {}) {
  const calls = stubFetch({
    'GET /api/messages/chat-info': { json: { ok: true, ...chatInfo(opts.info) } },
    'GET /api/messages/history': historyPage(opts.messages ?? twoMessages()),
    ...opts.routes,
  });
  render(
    <MemoryRouter initialEntries={['/messages/7']}>
      <Routes>
        <Route path="/messages/:chatId" element={<ChatScreen />} />
      </Routes>
      <ConfirmHost />
    </MemoryRouter>,
  );
  const socket = messagesSocket();
  await act(async () => socket.open());
  await screen.findByTestId('message-list');
  return { socket, calls };
}

/** The upload route's answer: the photo stored as `imageId`. */
export const uploadedAs = (imageId: string) => ({ json: { ok: true, id: imageId, url: `/cdn/images/${imageId}/media` } });

/** Picks a photo in the composer and sends it from the preview. */
export function pickPhoto(): void {
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [new File(['x'], 'p.jpg', { type: 'image/jpeg' })] } });
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Отправка фото' })).getByRole('button', { name: 'Отправить' }));
}

/** Drops the socket and opens the one the client reconnects with. */
export async function reconnect(socket: FakeSocket): Promise<FakeSocket> {
  const next = await dropUntilRetry(socket);
  await act(async () => next.open());
  return next;
}

/**
 * Drops the socket with the clock faked and steps it until the client makes its next socket (the backoff, 500 ms):
 * no real wait, and the test fails if no retry comes. The new socket is not open yet.
 */
export async function dropUntilRetry(socket: FakeSocket): Promise<FakeSocket> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await act(async () => socket.drop());
    for (let step = 0; step < 100 && messagesSocket() === socket; step++) await act(() => vi.advanceTimersByTimeAsync(100));
  } finally {
    vi.useRealTimers();
  }
  const next = messagesSocket();
  if (next === socket) throw new Error('the client did not reconnect');
  return next;
}

/** The app comes back on screen (the phone woke up). */
export async function returnToApp(): Promise<void> {
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}
