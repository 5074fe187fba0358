import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUnread } from '../../../../webapp/features/counters/stores/unread-store';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn } from '../../support/session';

beforeEach(() => {
  stubFetch({});
  useUnread.setState({ messages: 0, likes: 0 });
  signIn();
});

const location = () => screen.getByTestId('location').textContent;
const headerTitle = () => screen.getByTestId('header-title').textContent;

describe('mobile header', () => {
  it.each([
    ['/explore', 'Орбита'],
    ['/my-profile', 'Моя анкета'],
    ['/blacklist', 'Чёрный список'],
    ['/admin/db', 'Админ-панель'],
    ['/moderation/users', 'Модерация'],
  ])('%s is titled %s', async (path, title) => {
    signIn(ADMIN);
    renderAt(path);
    await waitFor(() => expect(headerTitle()).toBe(title));
  });

  it('takes the product name from the server config', async () => {
    window.__APP_CONFIG__ = { productName: 'Созвездие', supportHandle: '@help_team', version: 'v0.14.2', releaseAt: null, demo: true };
    try {
      renderAt('/explore');
      await waitFor(() => expect(headerTitle()).toBe('Созвездие'));
    } finally {
      delete window.__APP_CONFIG__;
    }
  });

  it('opens /about-position with a ripple when the title is tapped', async () => {
    renderAt('/explore');
    screen.getByTestId('header-title').click();
    await waitFor(() => expect(location()).toBe('/about-position'));
    expect(screen.getByTestId('ripple')).toBeTruthy();
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
    expect(within(bar).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/chat', '/likes', '/explore', '/profile']);
    expect(await within(bar).findByLabelText('Чаты: 99+')).toBeTruthy();
    expect(within(bar).getByLabelText('Лайки: 99')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: /Анкеты/ }).getAttribute('aria-current')).toBe('page');
  });

  it('shows no badge when the counters fail', async () => {
    const calls = stubFetch({ 'GET /api/messages/total-unread-count': new TypeError('Failed to fetch'), 'GET /api/likes/unread-count': { status: 500, json: {} } });
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

  it('shows the admin bar on /admin paths: back to /profile, stats, users, profiles, db', async () => {
    signIn(ADMIN);
    renderAt('/admin/users');
    const bar = await screen.findByRole('navigation', { name: 'Админ-панель' });
    expect(within(bar).getAllByRole('link').map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/profile', 'Назад'],
      ['/admin/stats', 'Статистика'],
      ['/admin/users', 'Пользователи'],
      ['/admin/profiles', 'Анкеты'],
      ['/admin/db', 'База'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).toBeNull();
  });

  it('shows the moderator bar on /moderation paths: back to /profile, stats, profiles, users', async () => {
    signIn(MODERATOR);
    renderAt('/moderation/stats');
    const bar = await screen.findByRole('navigation', { name: 'Модерация' });
    expect(within(bar).getAllByRole('link').map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/profile', 'Назад'],
      ['/moderation/stats', 'Статистика'],
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
    await waitFor(() => expect(within(bar).getByRole('link', { name: new RegExp(tab) }).getAttribute('aria-current')).toBe('page'));
    expect(within(bar).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });
});
