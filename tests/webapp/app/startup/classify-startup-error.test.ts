import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyStartupError } from '../../../../webapp/app/startup/classify-startup-error';
import { ApiError } from '../../../../webapp/lib/api/api-error';

describe('start-up error variants (end-user.md §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [new ApiError('Не удалось подтвердить пользователя', 401, 'UNAUTHORIZED'), 'session'],
    [new Error('Request failed with 401'), 'session'],
    [new Error('Unauthorized'), 'session'],
    [new Error('initData is INVALID'), 'session'],
    [new ApiError('Bad Gateway', 502), 'network'],
    [new ApiError('Сервис недоступен', 503, 'UNAVAILABLE'), 'network'],
    [new ApiError('HTTP 504', 504), 'network'],
    [new ApiError('timeout', 0), 'network'],
    [new TypeError('Failed to fetch'), 'network'],
    [new Error('Network request failed'), 'network'],
    [new ApiError('Внутренняя ошибка сервера', 500, 'INTERNAL'), 'generic'],
    ['something thrown', 'generic'],
  ] as [unknown, string][])('%s → %s', (error, kind) => {
    expect(classifyStartupError(error).kind).toBe(kind);
  });

  it('a failure with no HTTP answer is the unreachable server, whatever the browser called it', () => {
    expect(classifyStartupError(new ApiError('Load failed', 0)).kind).toBe('network');
  });

  it('is offline, not the VPN screen, when the device has no network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(classifyStartupError(new ApiError('Failed to fetch', 0)).kind).toBe('offline');
    expect(classifyStartupError(new ApiError('timeout', 0)).kind).toBe('offline');
  });

  it("shows the server's Russian words as the detail, never a browser's or library's text", () => {
    const refused = new ApiError('Внутренняя ошибка сервера', 500, 'INTERNAL', {
      ok: false,
      error: 'INTERNAL',
      message: 'Внутренняя ошибка сервера',
    });
    expect(classifyStartupError(refused).detail).toBe('Внутренняя ошибка сервера');
    expect(classifyStartupError(new ApiError('Internal Server Error', 500)).detail).toBeUndefined();
    expect(classifyStartupError(new TypeError("Cannot read properties of undefined (reading 'id')")).detail).toBeUndefined();
    expect(classifyStartupError(undefined).detail).toBeUndefined();
  });
});
