import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, screenLoader } from '../../../../webapp/lib/react/lazy-screen';

function Landing() {
  return <h1>Анкеты</h1>;
}

const renderInSuspense = (Screen: ReturnType<typeof lazyScreen>) =>
  render(
    <Suspense fallback={<p>Загрузка…</p>}>
      <Screen />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('renders a screen whose module start-up already loaded at once, without the Suspense fallback', async () => {
    const loader = screenLoader(async () => ({ default: Landing }));
    await loader();
    renderInSuspense(lazyScreen(loader));
    expect(screen.getByRole('heading', { name: 'Анкеты' })).toBeTruthy();
    expect(screen.queryByText('Загрузка…')).toBeNull();
  });

  it('suspends like lazy() while the module is on its way, then shows the screen', async () => {
    let arrive: () => void = () => undefined;
    const loader = screenLoader(
      () => new Promise<{ default: typeof Landing }>((resolve) => (arrive = () => resolve({ default: Landing }))),
    );
    renderInSuspense(lazyScreen(loader));
    expect(screen.getByText('Загрузка…')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Анкеты' })).toBeTruthy();
  });
});
