import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserListEntry } from '../../../../contracts/users-list';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';

beforeEach(() => signIn(MODERATOR));

const user = (id: number, overrides: Partial<UserListEntry> = {}): UserListEntry => ({
  telegramId: id,
  username: `user${id}`,
  firstName: 'Имя',
  lastName: null,
  role: 'USER',
  createdAt: '2026-11-20T10:00:00.000Z',
  avatarUrl: null,
  isBanned: false,
  banReason: null,
  bannedAt: null,
  profile: { displayName: `Человек ${id}`, city: 'Москва', initialModerationStatus: 'APPROVED' },
  ...overrides,
});

const rows = () => screen.queryAllByRole('listitem');

describe('the user list', () => {
  it("shows 'role · @username · #id · city' and opens /admin/user/{id} on a tap", async () => {
    stubFetch({
      'GET /api/users': {
        json: { ok: true, users: [user(5, { role: 'MODERATOR' })], pagination: { page: 1, limit: 20, total: 1, pages: 1 } },
      },
    });
    renderAt('/moderation/users');
    expect(await screen.findByText('модератор · @user5 · #5 · Москва', {}, { timeout: 5000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Человек 5/ }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/user/5');
  });

  it("pages with 'Загрузить ещё'", async () => {
    const calls = stubFetch({
      'GET /api/users': (req) => {
        const pageNo = Number(req.url.searchParams.get('page'));
        const users = Array.from({ length: pageNo === 1 ? 20 : 3 }, (_, i) => user(pageNo * 100 + i));
        return { json: { ok: true, users, pagination: { page: pageNo, limit: 20, total: 23, pages: 2 } } };
      },
    });
    renderAt('/moderation/users');
    await waitFor(() => expect(rows()).toHaveLength(20), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(23));
    expect(calls.at(-1)!.url.searchParams.get('limit')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).toBeNull();
  });

  it('searches 300 ms after the last keystroke, once', async () => {
    const calls = stubFetch({
      'GET /api/users': { json: { ok: true, users: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } } },
    });
    renderAt('/moderation/users');
    const box = await screen.findByRole('searchbox', { name: 'Поиск пользователей' }, { timeout: 5000 });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/users')).toHaveLength(1));
    vi.useFakeTimers();
    for (const text of ['@', '@a', '@an', '@ann']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(200));
    }
    act(() => vi.advanceTimersByTime(99));
    expect(calls.filter((c) => c.url.pathname === '/api/users')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/users')).toHaveLength(2));
    expect(calls.at(-1)!.url.searchParams.get('q')).toBe('@ann');
    expect(await screen.findByText('Никого не нашли')).toBeTruthy();
  });

  it('shows the pages already loaded at once on a return to the list, while it asks again', async () => {
    let hold = false;
    const held: (() => void)[] = [];
    stubFetch({
      'GET /api/users': (req) => {
        const pageNo = Number(req.url.searchParams.get('page'));
        const users = Array.from({ length: pageNo === 1 ? 20 : 3 }, (_, i) => user(pageNo * 100 + i));
        const json = { ok: true, users, pagination: { page: pageNo, limit: 20, total: 23, pages: 2 } };
        return hold ? new Promise((resolve) => held.push(() => resolve({ json }))) : { json };
      },
    });
    const first = renderAt('/moderation/users');
    await waitFor(() => expect(rows()).toHaveLength(20), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(23));
    first.unmount();
    hold = true;
    renderAt('/moderation/users');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(rows()).toHaveLength(23);
    held.shift()!();
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()!();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).toBeNull());
    expect(rows()).toHaveLength(23);
  });

  it("says 'Не удалось загрузить пользователей' when the call fails", async () => {
    stubFetch({ 'GET /api/users': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'x' } } });
    renderAt('/moderation/users');
    expect(await screen.findByText('Не удалось загрузить пользователей', {}, { timeout: 5000 })).toBeTruthy();
  });
});
