import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { useChatListLive } from '../../../../webapp/features/chat/hooks/use-chat-list-live';
import { applyChatsPush } from '../../../../webapp/features/chat/lib/chat-list-link';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatItem, chatMessage } from './chat-fixtures';
import { messagesSocket } from './chat-harness';
import { heldChats } from './chat-list-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
});

describe("the chat list live (ch:'chats' into the query cache)", () => {
  function LiveList() {
    useChatListLive();
    return <ChatListScreen />;
  }

  const titles = () =>
    within(screen.getByRole('list', { name: 'Чаты' }))
      .getAllByRole('link')
      .map((l) => l.textContent);

  it('moves a chat with a new message to the top with its unread count, takes a new chat, drops a deleted one', async () => {
    const calls = stubFetch({
      'GET /api/chat/me': {
        json: { ok: true, items: [chatItem({ id: '7', title: 'Маша' }), chatItem({ id: '8', title: 'Петя' })], nextCursor: null },
      },
    });
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <LiveList />
      </MemoryRouter>,
    );
    await screen.findByText('Петя');
    const socket = messagesSocket();
    await act(async () => socket.open());
    expect(titles()[0]).toContain('Маша');

    const message = chatMessage({ id: '5', chatId: '8', seq: 5 });
    await act(async () =>
      socket.receive({
        ch: 'chats',
        t: 'newMessage',
        data: { chatId: '8', message, preview: { last: 'Ты тут?', time: message.createdAt } },
      }),
    );
    // The cache tells its screens on the next tick.
    await waitFor(() => expect(titles()[0]).toContain('Петя'));
    expect(titles()[0]).toContain('Ты тут?');
    expect(within(screen.getByRole('list', { name: 'Чаты' })).getByLabelText('Непрочитанные: 1')).toBeTruthy();

    await act(async () => socket.receive({ ch: 'chats', t: 'chatCreated', data: { chat: chatItem({ id: '9', title: 'Оля' }) } }));
    await act(async () => socket.receive({ ch: 'chats', t: 'chatDeleted', data: { chatId: '7' } }));
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(titles()[0]).toMatch(/^Оля/);
    expect(titles()[1]).toMatch(/^Петя/);
    // All of it from the pushes: the list was asked once.
    expect(calls.filter((c) => c.url.pathname === '/api/chat/me')).toHaveLength(1);
  });

  it('keeps a newer pushed message over a page answered before it (a stale answer never overwrites it)', async () => {
    let answer: (() => void) | null = null;
    let asked = 0;
    stubFetch({
      'GET /api/chat/me': () =>
        asked++ === 0
          ? { json: { ok: true, items: [chatItem({ id: '7', title: 'Маша' }), chatItem({ id: '8', title: 'Петя' })], nextCursor: null } }
          : new Promise((resolve) => {
              answer = () =>
                resolve({
                  json: { ok: true, items: [chatItem({ id: '7', title: 'Маша' }), chatItem({ id: '8', title: 'Петя' })], nextCursor: null },
                });
            }),
    });
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <LiveList />
      </MemoryRouter>,
    );
    await screen.findByText('Петя');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(answer).not.toBeNull());
    const message = chatMessage({ id: '5', chatId: '8', seq: 5 });
    await act(async () =>
      applyChatsPush(
        { ch: 'chats', t: 'newMessage', data: { chatId: '8', message, preview: { last: 'Ты тут?', time: message.createdAt } } },
        '100010',
      ),
    );
    await act(async () => answer?.());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Обновить' }).getAttribute('aria-busy')).toBeNull());
    expect(titles()[0]).toContain('Ты тут?');
    expect(heldChats().map((c) => c.lastSeq)).toEqual([5, 1]);
  });
});
