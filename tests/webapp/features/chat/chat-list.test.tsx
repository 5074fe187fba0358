import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { ChatRow } from '../../../../webapp/features/chat/components/chat-row';
import { formatChatTime, truncateTitles } from '../../../../webapp/features/chat/lib/chat-format';
import { writeDraft } from '../../../../webapp/features/chat/lib/drafts';
import { applyChatsPush } from '../../../../webapp/features/chat/lib/chat-list-link';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatItem, chatMessage } from './chat-fixtures';
import { heldChats, holdChatList } from './chat-list-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderRow(chat = chatItem(), now?: Date) {
  return render(
    <MemoryRouter>
      <ul>
        <ChatRow chat={chat} now={now} />
      </ul>
      <Where />
    </MemoryRouter>,
  );
}

describe('chat list time', () => {
  const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min);
  it('shows HH:MM for today and DD.MM otherwise, reading server times as UTC', () => {
    const sent = local(2026, 3, 10, 9, 5);
    const now = local(2026, 3, 10, 23, 0);
    expect(formatChatTime(sent.toISOString(), now)).toBe('09:05');
    expect(formatChatTime(sent.toISOString(), local(2026, 3, 11, 0, 1))).toBe('10.03');
    // No zone in the string: still UTC.
    const naive = sent.toISOString().replace('Z', '');
    expect(formatChatTime(naive, now)).toBe('09:05');
    expect(formatChatTime(null, now)).toBe('');
  });
});

describe('archive titles', () => {
  it('joins short lists as they are', () => {
    expect(truncateTitles(['Маша', 'Петя'])).toBe('Маша, Петя');
  });
  it('cuts above 50 characters at a comma and adds an ellipsis', () => {
    const titles = ['Александра', 'Валентина', 'Екатерина', 'Станислав', 'Константин'];
    const joined = titles.join(', ');
    expect(joined.length).toBeGreaterThan(50);
    expect(truncateTitles(titles)).toBe('Александра, Валентина, Екатерина, Станислав…');
  });
});

describe('chat row', () => {
  it("caps the unread badge at 99+ and falls back to 'Без названия'", () => {
    renderRow(chatItem({ title: '  ', unreadCount: 150 }));
    expect(screen.getByText('Без названия')).toBeTruthy();
    expect(screen.getByTestId('badge').textContent).toBe('99+');
  });

  it('shows the initial letter without a photo, the online dot, and opens the peer profile from the avatar', () => {
    renderRow(chatItem({ title: 'маша', isOnline: true }));
    expect(screen.getByText('М')).toBeTruthy();
    expect(screen.getByTestId('online-dot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Профиль: маша' }));
    expect(screen.getByTestId('where').textContent).toBe('/u/by-chat/7');
  });

  it("shows a local draft in red after 'Черновик:' instead of the last message", () => {
    writeDraft('7', 'Ещё не отправил');
    renderRow();
    expect(screen.getByText('Черновик:')).toBeTruthy();
    expect(screen.getByText(/Ещё не отправил/)).toBeTruthy();
    expect(screen.queryByText('Привет!')).toBeNull();
  });

  it('invites the first message when the chat is empty', () => {
    renderRow(chatItem({ message: { last: null, time: null } }));
    expect(screen.getByText('Отправьте первое сообщение в чат')).toBeTruthy();
  });

  it('opens the chat', () => {
    renderRow();
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/messages/7');
  });
});

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route path="/chat" element={<ChatListScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a closed chat’s row (issue 40 item 3)', () => {
  const closed = (overrides = {}) =>
    chatItem({
      title: 'Чат закрыт',
      readOnly: true,
      readOnlyReason: 'UNAVAILABLE',
      message: { last: null, time: null },
      lastSeq: 2,
      ...overrides,
    });

  it('shows a lock, not a letter, and why it is closed, not an invitation to write; nobody to open', () => {
    renderRow(closed());
    expect(screen.getByText('Чат закрыт')).toBeTruthy();
    expect(screen.getByText('Чат недоступен')).toBeTruthy();
    expect(screen.queryByText('Отправьте первое сообщение в чат')).toBeNull();
    expect(screen.getByTestId('closed-avatar')).toBeTruthy();
    expect(screen.queryByText('Ч')).toBeNull();
    expect(screen.queryByRole('button', { name: /Профиль/ })).toBeNull();
    expect(screen.queryByTestId('online-dot')).toBeNull();
  });

  it('says the age rule closed it, and hides the last words and a draft', () => {
    writeDraft('7', 'недописанное');
    renderRow(closed({ readOnlyReason: 'AGE', message: { last: 'Пока!', time: '2026-03-10T09:05:00.000Z' } }));
    expect(screen.getByText('Чат закрыт: возрастные ограничения')).toBeTruthy();
    expect(screen.queryByText('Пока!')).toBeNull();
    expect(screen.queryByText(/недописанное/)).toBeNull();
  });
});

describe('chat list screen', () => {
  it('lists chats with the archive row and loads more pages', async () => {
    const calls = stubFetch({
      'GET /api/chat/me': (req) =>
        req.url.searchParams.get('cursor')
          ? { json: { ok: true, items: [chatItem({ id: '9', title: 'Петя' })], nextCursor: null } }
          : { json: { ok: true, items: [chatItem()], nextCursor: '1.7' } },
      'GET /api/chat/archive': { json: { ok: true, messageCount: 4, chatTitles: ['Оля'] } },
    });
    renderList();
    expect(await screen.findByText('Маша')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Архив/ }).textContent).toContain('Оля');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    expect(await screen.findByText('Петя')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/chat/me')).toHaveLength(2);
  });

  it('shows the error with Retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/chat/me': () =>
        fail ? { status: 500, json: { ok: false, message: 'boom' } } : { json: { ok: true, items: [chatItem()], nextCursor: null } },
    });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Возникла ошибка при загрузки тем!');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Маша')).toBeTruthy();
  });

  it('shows the empty state with a link to explore', async () => {
    stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [], nextCursor: null } } });
    renderList();
    fireEvent.click(await screen.findByRole('link', { name: 'Смотреть анкеты' }));
    expect(screen.getByTestId('where').textContent).toBe('/explore');
  });

  it('raises unread on a peer message and not on an own one, never below 0', () => {
    holdChatList([chatItem({ id: '7', lastSeq: 1 }), chatItem({ id: '8', lastSeq: 1 })]);
    const push = (seq: number, senderId: string) =>
      applyChatsPush(
        {
          ch: 'chats',
          t: 'newMessage',
          data: { chatId: '7', message: chatMessage({ seq, senderId }), preview: { last: 'Новое', time: '2026-03-10T10:00:00Z' } },
        },
        '100010',
      );
    push(2, '100020');
    push(3, '100010');
    const chat = heldChats()[0];
    expect(chat).toMatchObject({ id: '7', unreadCount: 1, lastSeq: 3, message: { last: 'Новое' } });
  });
});
