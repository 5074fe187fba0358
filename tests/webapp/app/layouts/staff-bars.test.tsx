import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn } from '../../support/session';
import { item, page, reportsPage } from '../../features/moderation/fixtures';

// The first test of a file also waits for the lazily loaded staff chunks to compile.
vi.setConfig({ testTimeout: 40_000 });
const LONG = { timeout: 25_000 };

const location = () => screen.getByTestId('location').textContent;
const adminBar = () => screen.queryByRole('navigation', { name: 'Админ-панель' });
const moderatorBar = () => screen.queryByRole('navigation', { name: 'Модерация' });
const current = (bar: HTMLElement) =>
  within(bar)
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

beforeEach(() => {
  stubFetch({
    'GET /api/moderation/counts': {
      json: { ok: true, counts: { INITIAL: 1, PROFILE_DESCRIPTION: 0, PROFILE_EDIT: 0, PHOTOS: 0, reports: 0 } },
    },
    'GET /api/moderation/items': { json: page([item(4)]) },
    'GET /api/moderation/reports': { json: reportsPage([]) },
  });
});

describe('an admin in the admin area', () => {
  it('stays there from the profiles menu and from "Все разделы", with the admin bar throughout', async () => {
    signIn(ADMIN);
    renderAt('/admin/profiles');
    const menu = await screen.findByRole('navigation', { name: 'Очереди модерации' }, LONG);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/profiles?type=INITIAL&status=PENDING',
      '/admin/profiles?type=PROFILE_DESCRIPTION&status=PENDING',
      '/admin/profiles?type=PROFILE_EDIT,PHOTOS&status=PENDING',
      '/admin/reports?status=PENDING',
    ]);
    fireEvent.click(within(menu).getAllByRole('link')[0]!);
    await waitFor(() => expect(location()).toBe('/admin/profiles?type=INITIAL&status=PENDING'));
    fireEvent.click(await screen.findByRole('link', { name: 'Все разделы' }, LONG));
    await waitFor(() => expect(location()).toBe('/admin/profiles'));
    expect(adminBar()).toBeTruthy();
    expect(moderatorBar()).toBeNull();
  });

  it('opens the reports queue inside /admin with the admin bar', async () => {
    signIn(ADMIN);
    renderAt('/admin/reports?status=PENDING');
    fireEvent.click(await screen.findByRole('link', { name: 'Все разделы' }, LONG));
    await waitFor(() => expect(location()).toBe('/admin/profiles'));
    expect(current(adminBar()!)).toEqual(['Анкеты']);
  });

  it('keeps the admin bar on the shared /moderation screens', async () => {
    signIn(ADMIN);
    renderAt('/moderation/profiles?type=INITIAL&status=PENDING');
    await screen.findByRole('link', { name: 'Все разделы' }, LONG);
    expect(adminBar()).toBeTruthy();
    expect(moderatorBar()).toBeNull();
    expect(current(adminBar()!)).toEqual(['Анкеты']);
  });
});

it('sends an unknown /admin path to /admin/stats once (it used to redirect to /admin/x/stats forever)', async () => {
  signIn(ADMIN);
  renderAt('/admin/nowhere');
  await waitFor(() => expect(location()).toBe('/admin/stats'), LONG);
});

describe('a moderator on the shared /admin screens', () => {
  it('sees the moderator bar on /admin/user/…, with Пользователи current', async () => {
    signIn(MODERATOR);
    renderAt('/admin/user/100012');
    const bar = await screen.findByRole('navigation', { name: 'Модерация' }, LONG);
    expect(adminBar()).toBeNull();
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/moderation/profiles', '/moderation/users']);
    expect(current(bar)).toEqual(['Пользователи']);
  });

  it('sees the moderator bar on /admin/profiles, with Анкеты current', async () => {
    signIn(MODERATOR);
    renderAt('/admin/profiles?userId=100012&type=INITIAL&status=PENDING');
    const bar = await screen.findByRole('navigation', { name: 'Модерация' }, LONG);
    expect(adminBar()).toBeNull();
    expect(current(bar)).toEqual(['Анкеты']);
  });
});
