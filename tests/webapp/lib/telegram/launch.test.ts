import { describe, expect, it } from 'vitest';
import { getRegion, rememberRegion } from '../../../../webapp/lib/region';
import { readLaunch } from '../../../../webapp/lib/telegram/launch';
import { setLaunchHash, TEST_INIT_DATA } from '../../support/launch';

describe('launch parameters', () => {
  it('are missing outside Telegram', () => {
    expect(readLaunch()).toEqual({ kind: 'outside' });
  });

  it('may come without initData', () => {
    setLaunchHash({ initData: null });
    expect(readLaunch()).toEqual({ kind: 'no-init-data' });
  });

  it('carry initData, the platform and the start parameter, and survive in-app navigation', () => {
    setLaunchHash({ startParam: 'WORLD', platform: 'android' });
    expect(readLaunch()).toEqual({ kind: 'telegram', initData: TEST_INIT_DATA, startParam: 'WORLD', platform: 'android' });
    window.history.pushState(null, '', '/likes');
    expect(readLaunch()).toMatchObject({ kind: 'telegram', initData: TEST_INIT_DATA });
  });

  it('still work for initData without a signature, which the SDK refuses (older clients)', () => {
    const unsigned = 'user=%7B%22id%22%3A5%7D&auth_date=1700000000&hash=abc';
    setLaunchHash({ initData: unsigned });
    expect(readLaunch()).toMatchObject({ kind: 'telegram', initData: unsigned });
    window.history.pushState(null, '', '/likes');
    expect(readLaunch()).toMatchObject({ kind: 'telegram', initData: unsigned });
  });
});

describe('region', () => {
  it('is taken from the start parameter and kept locally', () => {
    expect(rememberRegion('WORLD')).toBe('WORLD');
    expect(rememberRegion(null)).toBe('WORLD');
    expect(getRegion()).toBe('WORLD');
    expect(rememberRegion('RU_BY')).toBe('RU_BY');
  });

  it('defaults to RU_BY and ignores unknown values', () => {
    expect(rememberRegion('mars')).toBe('RU_BY');
  });
});
