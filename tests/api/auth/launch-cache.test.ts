import { describe, expect, it } from 'vitest';
import { LaunchCache } from '../../../api/auth/launch-cache';
import type { VerifiedLaunch } from '../../../api/context';

const launch = (raw: string, authDate: number): VerifiedLaunch => ({
  raw,
  authDate,
  startParam: null,
  user: { id: 1, first_name: 'Тест' },
});

describe('LaunchCache', () => {
  it('answers until auth_date + max age, the instant included, then forgets', () => {
    const cache = new LaunchCache();
    cache.set(launch('a', 1000), 60);
    expect(cache.get('a', 1_060_000)?.raw).toBe('a');
    expect(cache.get('a', 1_060_001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never expires an entry when no age is enforced (max age 0)', () => {
    const cache = new LaunchCache();
    cache.set(launch('a', 1000), 0);
    expect(cache.get('a', Number.MAX_SAFE_INTEGER)?.raw).toBe('a');
  });

  it('answers only the exact text verified, not another one carrying the same signature', () => {
    const cache = new LaunchCache();
    cache.set(launch('user=%7B%22id%22%3A1%7D&auth_date=1000&hash=abc', 1000), 60);
    expect(cache.get('user=%7B%22id%22%3A2%7D&auth_date=1000&hash=abc', 1_000_000)).toBeUndefined();
    expect(cache.get('user=%7B%22id%22%3A1%7D&auth_date=1000&hash=abc', 1_000_000)?.user.id).toBe(1);
  });

  it('holds at most its bound, dropping the oldest', () => {
    const cache = new LaunchCache(2);
    for (const raw of ['a', 'b', 'c']) cache.set(launch(raw, 1000), 60);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1_000_000)).toBeUndefined();
    expect(cache.get('c', 1_000_000)?.raw).toBe('c');
  });

  it('hands out a frozen launch, so no request can change what the next one sees', () => {
    const cache = new LaunchCache();
    cache.set(launch('a', 1000), 60);
    expect(Object.isFrozen(cache.get('a', 1_000_000))).toBe(true);
    expect(Object.isFrozen(cache.get('a', 1_000_000)?.user)).toBe(true);
  });
});
