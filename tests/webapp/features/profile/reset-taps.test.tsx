import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import ProfileMenuScreen from '../../../../webapp/features/profile/components/profile-menu-screen';
import { closeApp } from '../../../../webapp/lib/telegram/telegram-sdk';
import { stubFetch } from '../../support/fetch-stub';
import { signIn } from '../../support/session';
import { renderScreen, toastTexts } from './render-screen';

vi.mock('../../../../webapp/lib/telegram/telegram-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/telegram/telegram-sdk')>()),
  closeApp: vi.fn(),
}));

let deleted: string[];
beforeEach(() => {
  useToasts.setState({ toasts: [] });
  stubFetch({});
  signIn();
  vi.mocked(closeApp).mockReset();
  deleted = [];
  vi.stubGlobal('indexedDB', {
    databases: async () => [{ name: 'chat-cache' }, { name: 'drafts' }],
    deleteDatabase: (name: string) => {
      deleted.push(name);
      const request: Record<string, unknown> = {};
      setTimeout(() => (request.onsuccess as () => void)?.(), 0);
      return request;
    },
  });
  localStorage.setItem('explore-card', '{}');
  sessionStorage.setItem('launch-params', 'x');
  document.cookie = 'seen=1; path=/';
});

describe('the version footer', () => {
  it('shows v0.14.2', () => {
    renderScreen(<ProfileMenuScreen />);
    expect(screen.getByTestId('app-version').textContent).toBe('v0.14.2');
  });

  it('counts down four taps, then wipes local data and closes the app after 1 s', async () => {
    const shown: string[] = [];
    const off = useToasts.subscribe((s, prev) => s.toasts.filter((t) => !prev.toasts.includes(t)).forEach((t) => shown.push(t.text)));
    const user = renderScreen(<ProfileMenuScreen />);
    const version = screen.getByTestId('app-version');
    for (let i = 0; i < 4; i++) await user.click(version);
    off();
    expect(shown).toEqual([
      'Ещё 4 нажатия до сброса данных',
      'Ещё 3 нажатия до сброса данных',
      'Ещё 2 нажатия до сброса данных',
      'Ещё 1 нажатие до сброса данных',
    ]);
    expect(localStorage.getItem('explore-card')).toBe('{}');

    const fifth = Date.now();
    await user.click(version);
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    await waitFor(() => expect(deleted.sort()).toEqual(['chat-cache', 'drafts']));
    expect(closeApp).not.toHaveBeenCalled();
    await waitFor(() => expect(closeApp).toHaveBeenCalledTimes(1), { timeout: 2500 });
    expect(Date.now() - fifth).toBeGreaterThanOrEqual(950);
  });

  it('keeps counting however far apart the presses are (the spec sets no time limit)', async () => {
    const user = renderScreen(<ProfileMenuScreen />);
    const version = screen.getByTestId('app-version');
    const now = vi.spyOn(Date, 'now');
    let t = 1_000_000;
    now.mockImplementation(() => t);
    for (let i = 0; i < 3; i++) await user.click(version);
    t += 10_000;
    await user.click(version);
    expect(toastTexts().at(-1)).toBe('Ещё 1 нажатие до сброса данных');
    now.mockRestore();
    await user.click(version);
    await waitFor(() => expect(localStorage.length).toBe(0));
    await waitFor(() => expect(closeApp).toHaveBeenCalledTimes(1), { timeout: 2500 });
  });

  it("says 'Ошибка при очистке данных' and keeps the app open when the wipe fails", async () => {
    vi.stubGlobal('indexedDB', { databases: async () => Promise.reject(new Error('SecurityError')), deleteDatabase: () => ({}) });
    const user = renderScreen(<ProfileMenuScreen />);
    const version = screen.getByTestId('app-version');
    for (let i = 0; i < 5; i++) await user.click(version);
    await screen.findByText('Ошибка при очистке данных');
    expect(toastTexts()).not.toContain('Данные приложения очищены');
    // The wipe settled as failed, so the close timer of the success path was never set.
    expect(closeApp).not.toHaveBeenCalled();
  });
});
