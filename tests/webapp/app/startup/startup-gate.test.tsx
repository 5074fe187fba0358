import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../../webapp/lib/session/session-store';
import { reportSessionExpired } from '../../../../webapp/lib/session-expiry';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { setLaunchHash, TEST_INIT_DATA } from '../../support/launch';
import { happyPath, markMayBrowse, renderGate } from '../../support/startup';

afterEach(() => vi.restoreAllMocks());

beforeEach(() => {
  useSession.setState({ user: null, status: null, bannedLater: null });
  setLaunchHash();
});

describe('start-up gates', () => {
  it("shows 'Запуск вне Telegram' without launch parameters", async () => {
    window.history.replaceState(null, '', '/');
    const calls = stubFetch({});
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Запуск вне Telegram' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows 'initData отсутствует' when the launch parameters carry no initData", async () => {
    setLaunchHash({ initData: null });
    stubFetch({});
    renderGate();
    expect(await screen.findByRole('heading', { name: 'initData отсутствует' })).toBeTruthy();
  });

  it('validates initData before the app renders, then renders it with the user and status in the session', async () => {
    markMayBrowse();
    const calls = stubFetch(happyPath());
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
    // A launch into the explore screen of an account that could browse also asks for its first card alongside.
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/telegram/validate',
      'GET /api/profile/me',
      'POST /api/profile/status',
      'GET /api/explore/first',
    ]);
    expect(calls[0]?.body).toEqual({});
    expect(calls.map((c) => c.authorization)).toEqual(Array(4).fill(`tma ${TEST_INIT_DATA}`));
    expect(useSession.getState()).toMatchObject({ user: { telegramId: 100010 }, status: 'APPROVED' });
  });

  it('renders nothing of the app while the validation is pending', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = stubFetch(
      happyPath({
        'POST /api/telegram/validate': () =>
          new Promise((resolve) => (answer = resolve)).then(() => ({ json: { ok: true, user: { id: 1 }, auth_date: 1 } })),
      }),
    );
    renderGate();
    // The calls sent alongside the validation are out (and answered at once): only the validation holds the app back.
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(
        expect.arrayContaining(['POST /api/telegram/validate', 'GET /api/profile/me', 'POST /api/profile/status']),
      ),
    );
    expect(screen.queryByText('Приложение')).toBeNull();
    answer(null);
    expect(await screen.findByText('Приложение')).toBeTruthy();
  });
});

describe('the start-up error screen', () => {
  it('switches to the expired-session screen when the launch data expires mid-session (the socket was closed with 4401)', async () => {
    stubFetch(happyPath());
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
    act(() => reportSessionExpired());
    expect(await screen.findByRole('heading', { name: 'Ошибка запуска' })).toBeTruthy();
    expect(screen.getByText('Данные сессии устарели. Перезагрузите WebApp.')).toBeTruthy();
    expect(screen.queryByText('Приложение')).toBeNull();
  });

  it('adds the expired-session hint on 401', async () => {
    stubFetch({
      'POST /api/telegram/validate': {
        status: 401,
        json: { ok: false, error: 'UNAUTHORIZED', message: 'Не удалось подтвердить пользователя' },
      },
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Ошибка запуска' })).toBeTruthy();
    expect(screen.getByText('Не удалось выполнить инициализацию')).toBeTruthy();
    expect(screen.getByText('Не удалось подтвердить пользователя')).toBeTruthy();
    expect(screen.getByText('Данные сессии устарели. Перезагрузите WebApp.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it("adds the hint when the message says 'invalid'", async () => {
    stubFetch({ 'POST /api/telegram/validate': { status: 400, json: { ok: false, error: 'BAD_REQUEST', message: 'invalid init data' } } });
    renderGate();
    expect(await screen.findByText('Данные сессии устарели. Перезагрузите WebApp.')).toBeTruthy();
  });

  it('shows only the default text for other failures, and closes the app', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    stubFetch({
      'POST /api/telegram/validate': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } },
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Ошибка запуска' })).toBeTruthy();
    expect(screen.getByText('Внутренняя ошибка сервера')).toBeTruthy();
    expect(screen.queryByText('Данные сессии устарели. Перезагрузите WebApp.')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Закрыть' }).click());
    expect(close).toHaveBeenCalled();
  });

  it.each([
    ['a 503', { status: 503, json: { ok: false, error: 'UNAVAILABLE', message: 'Сервис недоступен' } }],
    ['a 504 without a body', { status: 504, text: '' }],
    ['a failed fetch', new TypeError('Failed to fetch')],
    ['a network error', new TypeError('NetworkError when attempting to fetch resource.')],
  ] as [string, Route][])("shows the 'Включите VPN' screen on %s", async (_, route) => {
    stubFetch({ 'POST /api/telegram/validate': route });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Включите VPN' })).toBeTruthy();
    expect(screen.getByText(/блокируется в вашем регионе/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it("says 'Нет подключения к интернету' when the device is offline, and starts again once the network is back", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    stubFetch({ 'POST /api/telegram/validate': new TypeError('Failed to fetch') });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Нет подключения к интернету' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Включите VPN' })).toBeNull();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    // The screen's effects (its 'online' listener) may still be pending when its heading is found: let them run.
    await act(async () => undefined);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(reload).toHaveBeenCalled();
  });

  it('never shows a raw library or browser text on the error screen', async () => {
    stubFetch({
      'POST /api/telegram/validate': {
        status: 500,
        json: { ok: false, error: 'INTERNAL', message: 'TypeError: Cannot read properties of undefined' },
      },
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Ошибка запуска' })).toBeTruthy();
    expect(screen.getByText('Не удалось выполнить инициализацию')).toBeTruthy();
    expect(screen.queryByText(/Cannot read/)).toBeNull();
  });
});
