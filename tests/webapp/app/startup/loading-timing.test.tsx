import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartupOutcome, StartupStep } from '../../../../webapp/app/startup/run-startup';
import { StartupGate } from '../../../../webapp/app/startup/startup-gate';
import { EARLY_CARD_ID } from '../../../../webapp/lib/early-card-handoff';
import { useLoadingPhase } from '../../../../webapp/app/startup/use-loading-phase';

/** A start-up that reports steps and finishes after `ms`. */
function startupTaking(ms: number) {
  return (onStep?: (step: StartupStep) => void) => {
    onStep?.('init');
    onStep?.('ready');
    onStep?.('expand');
    onStep?.('validate');
    return new Promise<StartupOutcome>((resolve) =>
      setTimeout(() => {
        onStep?.('done');
        resolve({ kind: 'ready' });
      }, ms),
    );
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const loading = () => screen.queryByText('Загрузка…');
const app = () => screen.queryByText('Приложение');

function renderGate(ms: number) {
  render(
    <StartupGate start={startupTaking(ms)}>
      <p>Приложение</p>
    </StartupGate>,
  );
}

beforeEach(() => vi.useFakeTimers());

describe('the loading screen', () => {
  it("never covers the page's early paint: the app shows once start-up is done, the early screen until then", async () => {
    const layer = document.createElement('div');
    layer.id = EARLY_CARD_ID;
    document.body.append(layer);
    try {
      renderGate(300);
      await advance(299);
      expect(loading()).toBeNull();
      expect(app()).toBeNull();
      await advance(1);
      expect(app()).toBeTruthy();
      expect(loading()).toBeNull();
    } finally {
      layer.remove();
    }
  });

  it('never appears when start-up takes under 200 ms', async () => {
    renderGate(150);
    await advance(199);
    expect(loading()).toBeNull();
    await advance(10);
    expect(app()).toBeTruthy();
    expect(loading()).toBeNull();
  });

  it('appears at 200 ms with the progress statuses, stays at least 1 s, then fades out over 400 ms', async () => {
    renderGate(300);
    await advance(199);
    expect(loading()).toBeNull();
    await advance(1);
    expect(loading()).toBeTruthy();
    expect(screen.getByRole('list').textContent).toBe('Открываем приложениеВходим в аккаунт');
    await advance(150);
    expect(screen.getByRole('list').textContent).toContain('Готово');
    await advance(849);
    expect(app()).toBeNull();
    await advance(1);
    expect(app()).toBeTruthy();
    expect(loading()).toBeTruthy();
    await advance(399);
    expect(loading()).toBeTruthy();
    await advance(1);
    expect(loading()).toBeNull();
    expect(app()).toBeTruthy();
  });

  it('leaves as soon as start-up ends when that is after the minimum second', async () => {
    renderGate(2000);
    await advance(1999);
    expect(loading()).toBeTruthy();
    expect(app()).toBeNull();
    await advance(1);
    await advance(0);
    expect(app()).toBeTruthy();
    await advance(400);
    expect(loading()).toBeNull();
  });
});

describe('useLoadingPhase', () => {
  it('is done in the very render where start-up has finished before the screen was due', () => {
    const phases: string[] = [];
    function Probe({ finished }: { finished: boolean }) {
      phases.push(useLoadingPhase(finished));
      return null;
    }
    const view = render(<Probe finished={false} />);
    view.rerender(<Probe finished />);
    expect(phases).toEqual(['waiting', 'done', 'done']);
  });
});
