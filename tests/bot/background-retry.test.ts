import { describe, expect, it } from 'vitest';
import { retryInBackground } from '../../bot/background-retry';

/** A task failing `failures` times, then succeeding; `done` settles on its success. */
function flakyTask(failures: number) {
  let calls = 0;
  let succeed = (): void => undefined;
  const done = new Promise<number>((resolve) => (succeed = () => resolve(calls)));
  const task = async (): Promise<void> => {
    calls += 1;
    if (calls <= failures) throw new Error(`failure ${calls}`);
    succeed();
  };
  return { task, done, calls: () => calls };
}

describe('retryInBackground', () => {
  it('retries a failing task with doubling delays, capped, until it succeeds', async () => {
    const flaky = flakyTask(4);
    const delays: number[] = [];
    const errors: string[] = [];
    retryInBackground(flaky.task, {
      firstDelayMs: 1,
      maxDelayMs: 4,
      onRetry: (err, delayMs) => {
        errors.push((err as Error).message);
        delays.push(delayMs);
      },
    });
    expect(await flaky.done).toBe(5);
    expect(delays).toEqual([1, 2, 4, 4]);
    expect(errors).toEqual(['failure 1', 'failure 2', 'failure 3', 'failure 4']);
  });

  it('runs a task that succeeds once, without retries', async () => {
    const flaky = flakyTask(0);
    const retries: number[] = [];
    retryInBackground(flaky.task, { onRetry: (_err, delayMs) => retries.push(delayMs) });
    expect(await flaky.done).toBe(1);
    expect(retries).toEqual([]);
  });

  it('stops: no further tries, no retry reported, and the running try sees its signal aborted', async () => {
    let calls = 0;
    let retries = 0;
    let fail = (): void => undefined;
    let markStarted = (_signal: AbortSignal): void => undefined;
    const started = new Promise<AbortSignal>((resolve) => (markStarted = resolve));
    const retry = retryInBackground(
      (signal) => {
        calls += 1;
        markStarted(signal);
        return new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('down'))));
      },
      { firstDelayMs: 1, onRetry: () => retries++ },
    );
    const signal = await started;
    retry.stop();
    expect(signal.aborted).toBe(true);
    // The try in flight fails after stop(); one macrotask turn runs its rejection handlers to the end.
    fail();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(retries).toBe(0);
    expect(calls).toBe(1);
  });
});
