import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import ThemeScreen from '../../../../webapp/features/theme/components/theme-screen';
import { applyThemeMode, readThemeMode } from '../../../../webapp/lib/theme/theme-mode';
import { renderScreen } from '../profile/render-screen';

const root = document.documentElement;

beforeEach(() => {
  delete root.dataset.themeMode;
  delete root.dataset.theme;
});

describe('/theme', () => {
  it('follows Telegram by default and applies a forced palette at once, remembering it', async () => {
    const user = renderScreen(<ThemeScreen />);
    expect((screen.getByRole('radio', { name: /Как в Telegram/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Тёмная/ }));
    expect(root.dataset).toMatchObject({ themeMode: 'dark', theme: 'dark' });
    expect(readThemeMode()).toBe('dark');
    await user.click(screen.getByRole('radio', { name: /Светлая/ }));
    expect(root.dataset).toMatchObject({ themeMode: 'light', theme: 'light' });
    await user.click(screen.getByRole('radio', { name: /Как в Telegram/ }));
    expect(root.dataset.themeMode).toBeUndefined();
    expect(readThemeMode()).toBe('telegram');
  });

  it('restores the remembered choice on the next launch', () => {
    localStorage.setItem('theme-mode@100010', 'dark');
    applyThemeMode(readThemeMode());
    expect(root.dataset.themeMode).toBe('dark');
    localStorage.setItem('theme-mode@100010', 'purple');
    expect(readThemeMode()).toBe('telegram');
  });
});
