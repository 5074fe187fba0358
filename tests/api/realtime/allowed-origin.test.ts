import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../../../api/realtime/allowed-origin';

describe('socket origins', () => {
  const production = { publicUrl: 'https://app.example.com', publicUrlConfigured: true, demo: false };

  it('lets only the PUBLIC_URL origin through once PUBLIC_URL is configured', () => {
    expect(isAllowedOrigin('https://app.example.com', production)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', production)).toBe(false);
    expect(isAllowedOrigin('http://app.example.com', production)).toBe(false);
    expect(isAllowedOrigin('https://app.example.com.evil.example', production)).toBe(false);
    expect(isAllowedOrigin('http://localhost:5173', production)).toBe(false);
    expect(isAllowedOrigin('null', production)).toBe(false);
  });

  it('takes any localhost origin in demo mode, and the configured one', () => {
    const demo = { publicUrl: 'https://tunnel.example', publicUrlConfigured: true, demo: true };
    expect(isAllowedOrigin('http://localhost:5173', demo)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', demo)).toBe(true);
    expect(isAllowedOrigin('https://tunnel.example', demo)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', demo)).toBe(false);
    expect(isAllowedOrigin('https://evil.example', { publicUrl: 'http://localhost:3000', publicUrlConfigured: false, demo: true })).toBe(
      false,
    );
  });

  it('has nothing to compare with when PUBLIC_URL is not configured outside demo mode: any origin', () => {
    expect(
      isAllowedOrigin('https://anything.example', { publicUrl: 'http://localhost:3000', publicUrlConfigured: false, demo: false }),
    ).toBe(true);
  });

  it('lets a client without Origin through (not a browser page; identity still comes from initData)', () => {
    expect(isAllowedOrigin(undefined, production)).toBe(true);
  });
});
