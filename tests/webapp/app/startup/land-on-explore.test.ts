import { afterEach, describe, expect, it } from 'vitest';
import { landOnExplore } from '../../../../webapp/app/startup/land-on-explore';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a launch at /', () => {
  it('is on /explore before the first render, keeping the query and Telegram’s launch data in the hash', () => {
    window.history.replaceState(null, '', '/?startapp=x#tgWebAppData=abc');
    const entries = window.history.length;
    landOnExplore();
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/explore?startapp=x#tgWebAppData=abc');
    expect(window.history.length).toBe(entries);
  });

  it('leaves any other path alone', () => {
    window.history.replaceState(null, '', '/chat#tgWebAppData=abc');
    landOnExplore();
    expect(`${location.pathname}${location.hash}`).toBe('/chat#tgWebAppData=abc');
  });
});
