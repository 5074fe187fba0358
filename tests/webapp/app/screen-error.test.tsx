import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { stubFetch } from '../support/fetch-stub';
import { renderAt } from '../support/render';
import { signIn } from '../support/session';

// A screen that breaks while rendering, as an unexpected bug would.
vi.mock('../../../webapp/features/info/components/help-screen', () => ({
  default: function BrokenHelp(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'map')");
  },
}));

beforeEach(() => {
  signIn();
  stubFetch({});
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

it("shows 'Неизвестная ошибка' for a screen that fails unexpectedly, keeps the frame, and clears on leaving", async () => {
  renderAt('/help');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Неизвестная ошибка');
  expect(alert.textContent).not.toContain('Cannot read');
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();

  fireEvent.click(screen.getByRole('link', { name: /Профиль/ }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile'));
  await waitFor(() => expect(screen.queryByText('Неизвестная ошибка')).toBeNull());
  expect(await screen.findByTestId('app-version', {}, { timeout: 5000 })).toBeTruthy();
});
