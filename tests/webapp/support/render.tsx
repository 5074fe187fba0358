import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../../../webapp/app/app-routes';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function setWidth(width: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

/** The routes and frame at `path`, at a window width (390 px, a phone, unless told). */
export function renderAt(path: string, { width = 390 }: { width?: number } = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}
