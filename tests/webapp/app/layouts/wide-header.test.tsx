import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUnread } from '../../../../webapp/lib/counters/unread-store';
import { chatItem } from '../../features/chat/chat-fixtures';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { signIn } from '../../support/session';

const CHATS = [
  chatItem({ id: '7', title: 'Катя', message: { last: 'Привет!', time: null } }),
  chatItem({ id: '9', title: 'Катерина', message: { last: 'Пока', time: null } }),
];
const bell = () => screen.getByRole('button', { name: 'Уведомления' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  signIn();
  useUnread.setState({ messages: 0, likes: 0, polled: false });
});

describe('the desktop bell (AMENDMENTS §4.2)', () => {
  it('counts the unseen likes and the unread messages and opens /likes', async () => {
    stubFetch({
      'GET /api/messages/total-unread-count': { json: { totalUnreadCount: 4 } },
      'GET /api/likes/unread-count': { json: { count: 2 } },
    });
    renderAt('/explore', { width: 1280 });
    await waitFor(() => expect(within(bell()).getByTestId('badge').textContent).toBe('6'));
    act(() => bell().click());
    expect(location()).toBe('/likes');
  });

  it('shows no number when nothing is new', async () => {
    const calls = stubFetch({
      'GET /api/messages/total-unread-count': { json: { totalUnreadCount: 0 } },
      'GET /api/likes/unread-count': { json: { count: 0 } },
    });
    renderAt('/explore', { width: 1280 });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/likes/unread-count')).toBe(true));
    expect(within(bell()).queryByTestId('badge')).toBeNull();
  });
});

describe('the desktop search box (AMENDMENTS §4.2)', () => {
  it("finds the user's chats by name on the server and opens the one picked", async () => {
    const calls = stubFetch({
      'GET /api/chat/search': (req) => ({ json: { ok: true, items: req.url.searchParams.get('q') === 'Кат' ? CHATS : [] } }),
    });
    renderAt('/explore', { width: 1280 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск чатов' }), { target: { value: 'Кат' } });
    const results = await screen.findByRole('list', { name: 'Найденные чаты' });
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['КатяПривет!', 'КатеринаПока']);
    expect(calls.filter((c) => c.url.pathname === '/api/chat/search')).toHaveLength(1);
    act(() =>
      within(results)
        .getByRole('button', { name: /Катерина/ })
        .click(),
    );
    expect(location()).toBe('/messages/9');
    expect(screen.queryByRole('list', { name: 'Найденные чаты' })).toBeNull();
  });

  it('says so when no chat matches', async () => {
    stubFetch({ 'GET /api/chat/search': { json: { ok: true, items: [] } } });
    renderAt('/explore', { width: 1280 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск чатов' }), { target: { value: 'Зоя' } });
    expect(await screen.findByText('Чатов с таким именем нет')).toBeTruthy();
  });
});

describe('/archive', () => {
  it('lists the archived chats in chat list rows that open the chat', async () => {
    stubFetch({ 'GET /api/chat/archived': { json: { ok: true, items: CHATS } } });
    renderAt('/archive');
    const list = await screen.findByRole('list', { name: 'Архив' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/messages/7', '/messages/9']);
  });

  it('says when the archive is empty', async () => {
    stubFetch({ 'GET /api/chat/archived': { json: { ok: true, items: [] } } });
    renderAt('/archive');
    expect(await screen.findByText('В архиве нет чатов')).toBeTruthy();
  });
});
