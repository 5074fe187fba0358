import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUnread } from '../../../../webapp/lib/counters/unread-store';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn } from '../../support/session';

beforeEach(() => {
  stubFetch({});
  useUnread.setState({ messages: 0, likes: 0 });
  signIn();
});

const headerTitle = () => screen.getByTestId('header-title').textContent;

describe('mobile header', () => {
  // Telegram's own title bar names the app: the tabs and a conversation get no frame header at all.
  it.each(['/explore', '/likes', '/chat', '/profile', '/messages/42'])('%s has no frame header', async (path) => {
    renderAt(path);
    await screen.findByTestId('location');
    expect(screen.queryByTestId('header-title')).toBeNull();
    expect(screen.queryByText('Орбита')).toBeNull();
  });

  it.each([
    ['/my-profile', 'Моя анкета'],
    ['/privacy', 'Приватность'],
    ['/blacklist', 'Чёрный список'],
    ['/admin/db', 'Админ-панель'],
    ['/moderation/users', 'Модерация'],
  ])('%s keeps the compact title %s', async (path, title) => {
    signIn(ADMIN);
    renderAt(path);
    await waitFor(() => expect(headerTitle()).toBe(title));
  });
});

describe('bottom bars', () => {
  it('shows the four user tabs with the unread badges, 99+ above 99', async () => {
    stubFetch({
      'GET /api/messages/total-unread-count': { json: { totalUnreadCount: 150 } },
      'GET /api/likes/unread-count': { json: { count: 99 } },
    });
    renderAt('/explore');
    const bar = screen.getByRole('navigation', { name: 'Основная навигация' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/chat', '/likes', '/explore', '/profile']);
    expect(await within(bar).findByLabelText('Чаты: 99+')).toBeTruthy();
    expect(within(bar).getByLabelText('Лайки: 99')).toBeTruthy();
    expect(
      within(bar)
        .getByRole('link', { name: /Анкеты/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows no badge when the counters fail', async () => {
    const calls = stubFetch({
      'GET /api/messages/total-unread-count': new TypeError('Failed to fetch'),
      'GET /api/likes/unread-count': { status: 500, json: {} },
    });
    renderAt('/explore');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('unread-count')).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('badge')).toBeNull();
  });

  it('hides the bar in a conversation', async () => {
    renderAt('/messages/42');
    // The chat screen is a lazy chunk: under a loaded CI machine its import can take longer than the default second.
    await screen.findByRole('heading', { level: 2, name: 'Чат' }, { timeout: 10_000 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows the admin bar on /admin paths: stats, users, profiles, db (Telegram's BackButton leaves the area)", async () => {
    signIn(ADMIN);
    renderAt('/admin/users');
    const bar = await screen.findByRole('navigation', { name: 'Админ-панель' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/admin/stats', 'Статистика'],
      ['/admin/users', 'Пользователи'],
      ['/admin/profiles', 'Анкеты'],
      ['/admin/db', 'База'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).toBeNull();
  });

  it('shows the moderator bar on /moderation paths: profiles, users (no link to the statistics that do not exist yet)', async () => {
    signIn(MODERATOR);
    renderAt('/moderation/users');
    const bar = await screen.findByRole('navigation', { name: 'Модерация' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/moderation/profiles', 'Анкеты'],
      ['/moderation/users', 'Пользователи'],
    ]);
  });

  it('gives a plain user on a staff path the user tabs, not the staff bar', async () => {
    renderAt('/moderation');
    expect(await screen.findByRole('heading', { name: 'Доступ запрещён' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Модерация' })).toBeNull();
  });

  it.each([
    ['/likes-history', 'Лайки'],
    ['/my-profile', 'Профиль'],
    ['/privacy', 'Профиль'],
  ])('highlights the parent tab on %s', async (path, tab) => {
    renderAt(path);
    const bar = screen.getByRole('navigation', { name: 'Основная навигация' });
    await waitFor(() =>
      expect(
        within(bar)
          .getByRole('link', { name: new RegExp(tab) })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    expect(
      within(bar)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });
});
