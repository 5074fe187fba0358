import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import SearchSettingsScreen from '../../../../webapp/features/explore/components/search-settings-screen';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { signIn } from '../../support/session';
import { location, renderScreen, toastTexts } from '../profile/render-screen';

const STORAGE_KEY = 'explore.currentCard@100010';
const saved = (calls: StubRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/search-settings').map((c) => c.body);

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  localStorage.clear();
  signIn();
});

describe('search settings screen', () => {
  it("shows 'Кого показывать' (Парни / Девушки / Все) and the 'Что ищу' chips with the stored choice", async () => {
    stubFetch({ 'GET /api/search-settings': { json: { ok: true, show: 'MALE', lookingFor: ['LOCAL'] } } });
    renderScreen(<SearchSettingsScreen />, { path: '/search-settings' });
    const show = await screen.findByRole('group', { name: 'Кого показывать' });
    expect(
      within(show)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Парни', 'Девушки', 'Все']);
    expect((within(show).getByRole('radio', { name: 'Парни' }) as HTMLInputElement).checked).toBe(true);
    const chips = screen.getByRole('group', { name: 'Что ищу' });
    expect(
      within(chips)
        .getAllByRole('checkbox')
        .map((c) => [c.parentElement?.textContent, (c as HTMLInputElement).checked]),
    ).toEqual([
      ['Отношения на расстоянии', false],
      ['Отношения локальные', true],
      ['Общение', false],
    ]);
  });

  it('saves both settings, drops the kept explore card and goes back to the feed', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: '7', displayName: 'Глеб', photos: [] }));
    const calls = stubFetch({
      'GET /api/search-settings': { json: { ok: true, show: 'ALL', lookingFor: [] } },
      'POST /api/search-settings': (req) => ({ json: { ok: true, ...req.body } }),
    });
    const user = renderScreen(<SearchSettingsScreen />, { path: '/search-settings' });
    await user.click(await screen.findByRole('radio', { name: 'Девушки' }));
    await user.click(screen.getByRole('checkbox', { name: 'Общение' }));
    await user.click(screen.getByRole('checkbox', { name: 'Отношения на расстоянии' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(location()).toBe('/explore'));
    expect(saved(calls)).toEqual([{ show: 'FEMALE', lookingFor: ['COMMUNICATION', 'LONG_DISTANCE'] }]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(toastTexts()).toContain('Настройки поиска сохранены');
  });

  it("stays with the choice and says 'Ошибка сохранения' with the server's reason when saving is refused", async () => {
    stubFetch({
      'GET /api/search-settings': { json: { ok: true, show: 'ALL', lookingFor: [] } },
      'POST /api/search-settings': {
        status: 400,
        json: { ok: false, error: 'BAD_REQUEST', message: 'Выберите, кого показывать: парни, девушки или все' },
      },
    });
    const user = renderScreen(<SearchSettingsScreen />, { path: '/search-settings' });
    await user.click(await screen.findByRole('radio', { name: 'Парни' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toastTexts()).toContain('Ошибка сохранения'));
    expect(useToasts.getState().toasts[0]?.description).toBe('Выберите, кого показывать: парни, девушки или все');
    expect(location()).toBeNull();
    expect((screen.getByRole('radio', { name: 'Парни' }) as HTMLInputElement).checked).toBe(true);
  });

  it("says 'Ошибка загрузки' with a retry when the settings cannot be read", async () => {
    stubFetch({ 'GET /api/search-settings': { status: 500, json: { ok: false, message: 'x' } } });
    renderScreen(<SearchSettingsScreen />, { path: '/search-settings' });
    expect(await screen.findByText('Ошибка загрузки')).toBeTruthy();
  });
});
