import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivacyOverview } from '../../../../contracts/privacy';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import BlacklistScreen from '../../../../webapp/features/privacy/components/blacklist-screen';
import NotificationsScreen from '../../../../webapp/features/privacy/components/notifications-screen';
import PrivacyScreen from '../../../../webapp/features/privacy/components/privacy-screen';
import * as deletion from '../../../../webapp/features/privacy/lib/delete-account-flow';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { signIn } from '../../support/session';
import { location, renderScreen, toastTexts } from '../profile/render-screen';

function overview(overrides: Partial<PrivacyOverview> = {}): PrivacyOverview {
  return {
    ok: true,
    settings: { autoDeleteMessages: 'HALF_YEAR', allowDataForTraining: true },
    blacklist: [],
    archive: [{ chatId: '5', title: 'Соня' }],
    likesHistory: [],
    counts: { blacklist: 2, archive: 1, likesHistory: 14 },
    ...overrides,
  };
}

const posts = (calls: StubRequest[], path: string) =>
  calls
    .filter((c) => c.method === 'POST' && c.url.pathname === path)
    .map((c) => Object.fromEntries(Object.entries(c.body ?? {}).filter(([k]) => k !== 'initData')));

const saveOk = { json: { ok: true, message: 'Настройки сохранены' } };

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  signIn();
});

describe('privacy', () => {
  it('shows the counts of blacklist, archive and likes history, 6 months by default', async () => {
    stubFetch({ 'GET /api/privacy/settings': { json: overview() } });
    renderScreen(<PrivacyScreen />);
    expect((await screen.findByRole('link', { name: /Чёрный список/ })).textContent).toContain('2');
    expect(screen.getByRole('link', { name: /Архив/ }).textContent).toContain('1');
    expect(screen.getByRole('link', { name: /История лайков/ }).textContent).toContain('14');
    expect(screen.getByTestId('auto-delete-toggle').textContent).toContain('6 мес.');
  });

  it('opens the auto-delete choice (1 дн./1 нед./1 мес./6 мес.) and saves a new period at once', async () => {
    const calls = stubFetch({ 'GET /api/privacy/settings': { json: overview() }, 'POST /api/privacy/settings': saveOk });
    const user = renderScreen(<PrivacyScreen />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(await screen.findByTestId('auto-delete-toggle'));
    const group = screen.getByRole('radiogroup', { name: 'Срок автоудаления сообщений' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.querySelector('span')?.textContent),
    ).toEqual(['1 дн.', '1 нед.', '1 мес.', '6 мес.']);
    expect((within(group).getByRole('radio', { name: '6 месяцев' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: '1 неделя' }));
    await waitFor(() => expect(toastTexts()).toContain('Настройки сохранены'));
    expect(posts(calls, '/api/privacy/settings')).toEqual([{ autoDeleteMessages: 'WEEK' }]);
    expect(screen.getByTestId('auto-delete-toggle').textContent).toContain('1 нед.');
  });

  it("puts the old period back and says 'Ошибка сохранения' when saving fails", async () => {
    stubFetch({
      'GET /api/privacy/settings': { json: overview() },
      'POST /api/privacy/settings': { status: 500, json: { ok: false, message: 'x' } },
    });
    const user = renderScreen(<PrivacyScreen />);
    await user.click(await screen.findByTestId('auto-delete-toggle'));
    await user.click(screen.getByRole('radio', { name: '1 день' }));
    await waitFor(() => expect(toastTexts()).toContain('Ошибка сохранения'));
    expect(screen.getByTestId('auto-delete-toggle').textContent).toContain('6 мес.');
  });

  it('toggles the data-use checkbox', async () => {
    const calls = stubFetch({ 'GET /api/privacy/settings': { json: overview() }, 'POST /api/privacy/settings': saveOk });
    const user = renderScreen(<PrivacyScreen />);
    const box = (await screen.findByRole('checkbox', { name: /улучшения подбора и фильтрации/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await user.click(box);
    await waitFor(() => expect(posts(calls, '/api/privacy/settings')).toEqual([{ allowDataForTraining: false }]));
    expect(box.checked).toBe(false);
  });

  it('opens the archive (/archive) when the archive is tapped, with no "в разработке" toast', async () => {
    stubFetch({ 'GET /api/privacy/settings': { json: overview() } });
    const user = renderScreen(<PrivacyScreen />);
    await user.click(await screen.findByRole('link', { name: /Архив/ }));
    expect(location()).toBe('/archive');
    expect(toastTexts()).not.toContain('Архив в разработке');
  });

  it("says 'Ошибка загрузки настроек' with a retry when loading fails", async () => {
    stubFetch({});
    renderScreen(<PrivacyScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Ошибка загрузки настроек');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});

describe('account deletion', () => {
  it('asks twice, deletes, then reloads after 1 s', async () => {
    const reload = vi.spyOn(deletion.appReload, 'run').mockImplementation(() => undefined);
    const calls = stubFetch({
      'GET /api/privacy/settings': { json: overview() },
      'POST /api/privacy/delete-account': { json: { ok: true, message: 'Аккаунт удалён' } },
    });
    const user = renderScreen(<PrivacyScreen />);
    await user.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    expect(posts(calls, '/api/privacy/delete-account')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Удалить навсегда' }));
    await waitFor(() => expect(toastTexts()).toContain('Аккаунт удалён'));
    expect(posts(calls, '/api/privacy/delete-account')).toEqual([{ confirm: true }]);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('does nothing when the second confirmation is cancelled', async () => {
    const calls = stubFetch({ 'GET /api/privacy/settings': { json: overview() } });
    const user = renderScreen(<PrivacyScreen />);
    await user.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    await screen.findByRole('button', { name: 'Удалить навсегда' });
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(calls, '/api/privacy/delete-account')).toEqual([]);
  });

  it("shows the server's message, or 'Не удалось удалить аккаунт'", async () => {
    stubFetch({
      'GET /api/privacy/settings': { json: overview() },
      'POST /api/privacy/delete-account': {
        status: 409,
        json: { ok: false, error: 'CONFLICT', message: 'Нельзя удалить последнего администратора' },
      },
    });
    const user = renderScreen(<PrivacyScreen />);
    await user.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Удалить навсегда' }));
    await waitFor(() => expect(toastTexts()).toContain('Нельзя удалить последнего администратора'));
  });
});

describe('blacklist', () => {
  const entry = (id: string, name: string | null, username: string | null = null) => ({
    id,
    username,
    firstName: name,
    lastName: null,
    displayName: name,
    photoUrl: null,
    blockedAt: '2026-01-01T00:00:00.000Z',
  });

  it("lists names (else username, else 'Пользователь') and unblocks with 'Разблокировать'", async () => {
    const calls = stubFetch({
      'GET /api/privacy/settings': {
        json: overview({ blacklist: [entry('7', 'Вика', 'vika'), entry('8', null, 'petya'), entry('9', null)] }),
      },
      'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь разблокирован' } },
    });
    const user = renderScreen(<BlacklistScreen />);
    const rows = await screen.findAllByTestId('blacklist-row');
    expect(rows.map((r) => r.querySelector('span > span')?.textContent)).toEqual(['Вика', 'petya', 'Пользователь']);
    expect(within(rows[0]!).getByText('@vika')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Разблокировать' }));
    await waitFor(() => expect(screen.getAllByTestId('blacklist-row')).toHaveLength(2));
    expect(toastTexts()).toContain('Пользователь разблокирован');
    expect(posts(calls, '/api/privacy/settings')).toEqual([{ action: 'removeFromBlacklist', userId: '7' }]);
  });

  it("says 'Чёрный список пуст' when nobody is blocked", async () => {
    stubFetch({ 'GET /api/privacy/settings': { json: overview() } });
    renderScreen(<BlacklistScreen />);
    expect(await screen.findByText('Чёрный список пуст')).toBeTruthy();
  });

  it("keeps the row and says 'Ошибка разблокировки' when unblocking fails", async () => {
    stubFetch({
      'GET /api/privacy/settings': { json: overview({ blacklist: [entry('7', 'Вика')] }) },
      'POST /api/privacy/settings': { status: 500, json: { ok: false, message: 'x' } },
    });
    const user = renderScreen(<BlacklistScreen />);
    await user.click(await screen.findByRole('button', { name: 'Разблокировать' }));
    await waitFor(() => expect(toastTexts()).toContain('Ошибка разблокировки'));
    expect(screen.getAllByTestId('blacklist-row')).toHaveLength(1);
  });

  it("says 'Ошибка загрузки чёрного списка' when loading fails", async () => {
    stubFetch({});
    renderScreen(<BlacklistScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Ошибка загрузки чёрного списка');
  });
});

describe('notifications', () => {
  it('shows the four switches and saves each change at once', async () => {
    const settings = { likes: true, matches: true, messages: true, moderation: true };
    const calls = stubFetch({
      'GET /api/notifications/settings': { json: { ok: true, settings } },
      'POST /api/notifications/settings': {
        json: { ok: true, settings: { ...settings, messages: false }, message: 'Настройки сохранены' },
      },
    });
    const user = renderScreen(<NotificationsScreen />);
    const switches = await screen.findAllByRole('checkbox');
    expect(switches.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Новые лайки',
      'Взаимные симпатии',
      'Сообщения',
      'Модерация и аккаунт',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Сообщения' }));
    await waitFor(() => expect(posts(calls, '/api/notifications/settings')).toEqual([{ messages: false }]));
    expect((screen.getByRole('checkbox', { name: 'Сообщения' }) as HTMLInputElement).checked).toBe(false);
    expect(location()).toBeNull();
  });
});
