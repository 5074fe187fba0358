import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { useToasts } from '../../../../webapp/components/ui/toast-store';

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** One screen at `path` (matched by `route`), with the toasts and the confirm dialog the frame would add. */
export function renderScreen(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <Toaster />
      <ConfirmHost />
    </MemoryRouter>,
  );
  return user;
}

export const toastTexts = () => useToasts.getState().toasts.map((t) => t.text);
export const location = () => screen.queryByTestId('location')?.textContent ?? null;
