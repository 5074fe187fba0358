import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatInfo, historyPage, messagesSocket, openChat, reconnect, returnToApp, sentOf, twoMessages } from './chat-harness';
import { chatItem, chatMessage } from './chat-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});
afterEach(() => setVisibility('visible'));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

/** History that answers the first call with `first` and later calls with `later`. */
function historyChanging(first: ReturnType<typeof historyPage>, later: ReturnType<typeof historyPage>) {
  let calls = 0;
  return (req: StubRequest) => (req.url.searchParams.get('cursor') || calls++ === 0 ? first : later);
}

describe('catching up when the app returns to the screen', () => {
  it('fetches what arrived meanwhile over HTTP, re-subscribes from the last seq and refreshes the header', async () => {
    let infoCalls = 0;
    const { socket, calls } = await openChat({
      routes: {
        'GET /api/messages/chat-info': () => ({ json: { ok: true, ...chatInfo({ isOnline: infoCalls++ === 0 }) } }),
        'GET /api/messages/history': historyChanging(
          historyPage(twoMessages()),
          historyPage([...twoMessages(), chatMessage({ id: '3', seq: 3, text: 'Ты тут?' })]),
        ),
      },
    });
    expect(screen.getByText('В сети')).toBeTruthy();
    const subscribesBefore = sentOf(socket, 'subscribe').length;

    await returnToApp();
    expect(await screen.findByText('Ты тут?')).toBeTruthy();
    expect(screen.getByText('был(а) недавно')).toBeTruthy();
    expect(screen.queryByText('Был недавно')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/messages/history')).toHaveLength(2);
    const subscribes = sentOf(socket, 'subscribe');
    expect(subscribes.length).toBe(subscribesBefore + 1);
    expect(subscribes.at(-1)?.data).toMatchObject({ chatId: '7', afterSeq: 2 });
  });

  it('shows the newest page alone when more than a page arrived meanwhile', async () => {
    const newest = [chatMessage({ id: '80', seq: 80, text: 'Восьмидесятое' }), chatMessage({ id: '81', seq: 81, text: 'Последнее' })];
    await openChat({ routes: { 'GET /api/messages/history': historyChanging(historyPage(twoMessages()), historyPage(newest, '80')) } });
    await returnToApp();
    expect(await screen.findByText('Последнее')).toBeTruthy();
    // Seq 3 to 79 are not on screen: the old messages go rather than sit above a hole.
    expect(screen.queryByText('Привет')).toBeNull();
  });

  it('does not mark messages read while the app is in the background, and does once it is back', async () => {
    const { socket } = await openChat({ info: { lastReadSeq: 2 } });
    setVisibility('hidden');
    await act(async () =>
      socket.receive({
        ch: 'messages',
        t: 'message',
        data: { chatId: '7', message: chatMessage({ id: '3', seq: 3, text: 'Пока тебя нет' }) },
      }),
    );
    expect(screen.getByText('Пока тебя нет')).toBeTruthy();
    expect(sentOf(socket, 'mark_read')).toHaveLength(0);

    setVisibility('visible');
    await returnToApp();
    await waitFor(() => expect(sentOf(socket, 'mark_read').map((m) => m.data)).toEqual([{ chatId: '7', seq: 3 }]));
  });
});

describe('chat list catch-up', () => {
  const renderList = () =>
    render(
      <MemoryRouter>
        <ChatListScreen />
      </MemoryRouter>,
    );

  it('refetches the list when the app returns and after the socket reconnects', async () => {
    let version = 0;
    const calls = stubFetch({
      'GET /api/chat/me': () => ({
        json: { ok: true, items: [chatItem({ message: { last: `Версия ${version}`, time: null } })], nextCursor: null },
      }),
    });
    renderList();
    await act(async () => messagesSocket().open());
    expect(await screen.findByText('Версия 0')).toBeTruthy();

    version = 1;
    await returnToApp();
    expect(await screen.findByText('Версия 1')).toBeTruthy();

    version = 2;
    await reconnect(messagesSocket());
    expect(await screen.findByText('Версия 2')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/chat/me')).toHaveLength(3);
  });
});
