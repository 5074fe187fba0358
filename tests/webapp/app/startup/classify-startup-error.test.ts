import { describe, expect, it } from 'vitest';
import { classifyStartupError } from '../../../../webapp/app/startup/classify-startup-error';
import { ApiError } from '../../../../webapp/lib/api/api-error';

describe('start-up error variants (end-user.md §8)', () => {
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

  it("uses the default text when the error has none", () => {
    expect(classifyStartupError(undefined).message).toBe('Не удалось выполнить инициализацию');
  });
});
