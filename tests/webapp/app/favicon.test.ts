import { describe, expect, it } from 'vitest';
import indexHtml from '../../../webapp/index.html?raw';
import favicon from '../../../webapp/public/favicon.svg?raw';

describe('favicon', () => {
  it('is linked from the page and shipped from public/, so browsers stop asking for /favicon.ico', () => {
    expect(indexHtml).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(favicon.startsWith('<svg')).toBe(true);
    expect(favicon.length).toBeLessThan(1024);
  });
});
