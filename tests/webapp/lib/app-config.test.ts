import { afterEach, describe, expect, it } from 'vitest';
import { getAppConfig } from '../../../webapp/lib/app-config';

afterEach(() => delete window.__APP_CONFIG__);

describe("the server's public settings in the page", () => {
  it('are taken field by field when well typed', () => {
    window.__APP_CONFIG__ = {
      productName: 'Планета',
      supportHandle: '@help',
      channelHandle: null,
      version: 'v9',
      releaseAt: '2030-01-01T00:00:00.000Z',
      demo: true,
    };
    expect(getAppConfig()).toEqual({
      productName: 'Планета',
      supportHandle: '@help',
      channelHandle: null,
      version: 'v9',
      releaseAt: '2030-01-01T00:00:00.000Z',
      demo: true,
    });
  });

  it('fall back to the default for each missing, empty or malformed field, and ignore unknown ones', () => {
    window.__APP_CONFIG__ = { productName: '', supportHandle: 42, channelHandle: '@news', releaseAt: false, demo: 'yes', secret: 'x' };
    expect(getAppConfig()).toEqual({
      productName: 'Орбита',
      supportHandle: '@orbita_support',
      channelHandle: '@news',
      version: expect.stringMatching(/^v\d/) as unknown as string,
      releaseAt: null,
      demo: false,
    });
  });

  it('are all defaults when the page carries none or not an object', () => {
    window.__APP_CONFIG__ = 'broken';
    expect(getAppConfig()).toMatchObject({ productName: 'Орбита', demo: false, releaseAt: null, channelHandle: null });
  });
});
