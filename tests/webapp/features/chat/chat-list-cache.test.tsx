import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { applyChatsPush } from '../../../../webapp/features/chat/lib/chat-list-link';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn, testUser } from '../../support/session';
import { chatItem, chatMessage } from './chat-fixtures';
import { relaunch } from './chat-list-fixtures';

const MINUTE = 60_000;

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
  relaunch();
});
afterEach(() => localStorage.clear());

const renderList = () =>
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <ChatListScreen />
    </MemoryRouter>,
  );
const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/chat/me').length;

describe('the chat list cache (end-user.md §3, §4: stale after 5 minutes)', () => {
  it('shows the last launch’s list without asking again while it is under 5 minutes old', async () => {
    let t = 1_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => t);
    const first = stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Маша' })], nextCursor: '1.7' } } });
    const view = renderList();
    await screen.findByText('Маша');
    expect(listCalls(first)).toBe(1);
    view.unmount();

    relaunch();
    t += 4 * MINUTE;
    const second = stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Оля' })], nextCursor: null } } });
    renderList();
    expect(screen.getByText('Маша')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Загрузить ещё' })).toBeTruthy();
    expect(listCalls(second)).toBe(0);
    vi.restoreAllMocks();
  });

  it('refetches a cached list older than 5 minutes, showing the cached one meanwhile', async () => {
    let t = 1_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => t);
    stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Маша' })], nextCursor: null } } });
    const view = renderList();
    await screen.findByText('Маша');
    view.unmount();

    relaunch();
    t += 5 * MINUTE + 1;
    const second = stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Оля' })], nextCursor: null } } });
    renderList();
    expect(screen.getByText('Маша')).toBeTruthy();
    expect(await screen.findByText('Оля')).toBeTruthy();
    expect(listCalls(second)).toBe(1);
    vi.restoreAllMocks();
  });

  it('asks again at once, showing the kept list meanwhile, when a change came while no list was held', async () => {
    localStorage.setItem(
      'chat-list:v1:100010',
      JSON.stringify({ items: [chatItem({ title: 'Маша' })], nextCursor: null, fetchedAt: Date.now() }),
    );
    // A message in a chat the kept list may not hold, before /chat was opened in this launch.
    const message = chatMessage({ id: '3', chatId: '9', seq: 3 });
    applyChatsPush(
      { ch: 'chats', t: 'newMessage', data: { chatId: '9', message, preview: { last: 'Привет', time: message.createdAt } } },
      '100010',
    );
    const calls = stubFetch({
      'GET /api/chat/me': {
        json: { ok: true, items: [chatItem({ id: '9', title: 'Оля' }), chatItem({ title: 'Маша' })], nextCursor: null },
      },
    });
    renderList();
    expect(screen.getByText('Маша')).toBeTruthy();
    expect(await screen.findByText('Оля')).toBeTruthy();
    expect(listCalls(calls)).toBe(1);
  });

  it('keeps each account’s list to itself', async () => {
    stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Маша' })], nextCursor: null } } });
    const view = renderList();
    await screen.findByText('Маша');
    view.unmount();

    relaunch();
    signIn(testUser({ telegramId: 100099 }));
    stubFetch({ 'GET /api/chat/me': { json: { ok: true, items: [chatItem({ title: 'Оля' })], nextCursor: null } } });
    renderList();
    expect(await screen.findByText('Оля')).toBeTruthy();
    expect(screen.queryByText('Маша')).toBeNull();
  });

  it('drops a cached item with an empty id or an avatar that is neither a URL nor null', async () => {
    const good = chatItem({ id: '7', title: 'Маша', avatarUrl: 'https://cdn.example/a.webp' });
    const items = [
      good,
      chatItem({ id: '', title: 'Пустой' }),
      { ...chatItem({ id: '9', title: 'Плохой' }), avatarUrl: 'javascript:alert(1)' },
      chatItem({ id: '10', title: 'Путь', avatarUrl: '/cdn/x/profile' }),
    ];
    localStorage.setItem('chat-list:v1:100010', JSON.stringify({ items, nextCursor: null, fetchedAt: Date.now() }));
    const calls = stubFetch({});
    renderList();
    expect(screen.getByText('Маша')).toBeTruthy();
    expect(screen.getByText('Путь')).toBeTruthy();
    expect(screen.queryByText('Пустой')).toBeNull();
    expect(screen.queryByText('Плохой')).toBeNull();
    expect(listCalls(calls)).toBe(0);
  });
});

describe('one malformed chat from the server', () => {
  it('is dropped while the others show', async () => {
    const broken = { ...chatItem({ id: '8', title: 'Сломанный' }), lastSeq: 'много' };
    stubFetch({
      'GET /api/chat/me': {
        json: { ok: true, items: [chatItem({ title: 'Маша' }), broken, chatItem({ id: '9', title: 'Петя' })], nextCursor: null },
      },
    });
    renderList();
    expect(await screen.findByText('Маша')).toBeTruthy();
    expect(screen.getByText('Петя')).toBeTruthy();
    expect(screen.queryByText('Сломанный')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
