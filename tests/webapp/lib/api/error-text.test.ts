import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../webapp/lib/api/api-error';
import { errorDetail, errorText, OFFLINE_TEXT, serverMessage } from '../../../../webapp/lib/api/error-text';

const refusal = (message: string, status = 400, code = 'BAD_REQUEST') =>
  new ApiError(message, status, code, { ok: false, error: code, message });

afterEach(() => vi.restoreAllMocks());

describe('the text a failure may show', () => {
  it("keeps our API's Russian message: it is meant for users", () => {
    expect(errorText(refusal('Описание слишком короткое'), 'Ошибка сохранения')).toBe('Описание слишком короткое');
    expect(errorText(refusal('Внутренняя ошибка сервера', 500, 'INTERNAL'), 'Ошибка загрузки')).toBe('Внутренняя ошибка сервера');
  });

  it.each([
    ['a browser fetch failure', new ApiError('Failed to fetch', 0)],
    ['a timeout', new ApiError('timeout', 0)],
    ["a proxy's status text", new ApiError('Bad Gateway', 502)],
    ['a bare status', new ApiError('HTTP 500', 500)],
    ["a body's English message", refusal('Request failed with status code 400')],
    ["an answer that failed the schema (zod's words)", new ApiError('Неверный ввод: ожидалось string', 200, 'BAD_RESPONSE', { ok: true })],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a plain Error with Russian words not from the server', new Error('Неизвестная ошибка библиотеки')],
    ['a thrown string', 'boom'],
  ])("maps %s to the screen's own text", (_, err) => {
    expect(errorText(err, 'Ошибка загрузки')).toBe('Ошибка загрузки');
    expect(serverMessage(err)).toBeUndefined();
  });

  it("says 'Нет подключения к интернету' for a call that got no answer while the device is offline", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(errorDetail(new ApiError('Failed to fetch', 0))).toBe(OFFLINE_TEXT);
    expect(errorText(new ApiError('Failed to fetch', 0), 'Ошибка загрузки')).toBe('Нет подключения к интернету');
  });
});
