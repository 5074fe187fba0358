import { z } from 'zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPatch, apiPost, apiUpload, setBannedListener } from '../../../../webapp/lib/api/api-client';
import { ApiError } from '../../../../webapp/lib/api/api-error';
import { setInitData } from '../../../../webapp/lib/init-data';
import { stubFetch } from '../../support/fetch-stub';

beforeEach(() => setInitData('query_id=1&user=%7B%7D&hash=abc'));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should have failed'),
    (err: unknown) => err as ApiError,
  );

describe('initData on every call', () => {
  it('goes in the Authorization header of every method, never in the URL or the body', async () => {
    const calls = stubFetch({
      'GET /api/likes/history': { json: { likes: [] } },
      'POST /api/profile/status': { json: { ok: true } },
      'PATCH /api/profile/my': { json: { ok: true } },
    });
    await apiGet('/likes/history', { query: { page: 2, filter: 'matched', skip: undefined } });
    await apiPost('/profile/status', { extra: 1 });
    await apiPatch('/profile/my', { city: 'Минск' });
    expect(calls.map((c) => c.authorization)).toEqual(Array(3).fill('tma query_id=1&user=%7B%7D&hash=abc'));
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({ page: '2', filter: 'matched' });
    expect(calls[1]?.body).toEqual({ extra: 1 });
    expect(calls[2]).toMatchObject({ method: 'PATCH', body: { city: 'Минск' } });
  });

  it('goes in the Authorization header of an upload, not in its form', async () => {
    const fetchStub = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await apiUpload('/cdn/images/upload', new Blob(['x']), { fields: { variant: 'media' } });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/cdn/images/upload');
    expect(new Headers(init.headers).get('authorization')).toBe('tma query_id=1&user=%7B%7D&hash=abc');
    expect([...(init.body as FormData).keys()].sort()).toEqual(['file', 'variant']);
  });
});

describe('errors', () => {
  it("throws the body's message on a non-OK answer, with status and code", async () => {
    stubFetch({
      'POST /api/telegram/validate': {
        status: 401,
        json: { ok: false, error: 'UNAUTHORIZED', message: 'Не удалось подтвердить пользователя' },
      },
    });
    const err = await failure(apiPost('/telegram/validate'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Не удалось подтвердить пользователя', status: 401, code: 'UNAUTHORIZED' });
  });

  it('throws a rate limit (429) with the server’s Russian message, so the screen shows it', async () => {
    const body = { ok: false, error: 'RATE_LIMITED', message: 'Слишком много жалоб. Попробуйте через 59 мин', retryAfter: 3540 };
    stubFetch({ 'POST /api/profile/report': { status: 429, json: body } });
    const err = await failure(apiPost('/profile/report', { reportedUserId: '1', reason: 'SPAM' }));
    expect(err).toMatchObject({ message: body.message, status: 429, code: 'RATE_LIMITED', body });
  });

  it('throws the status text without a message, else HTTP {status}', async () => {
    stubFetch({
      'GET /api/a': { status: 502, statusText: 'Bad Gateway', json: {} },
      'GET /api/b': { status: 500, text: '<html>oops</html>' },
    });
    expect((await failure(apiGet('/a'))).message).toBe('Bad Gateway');
    expect((await failure(apiGet('/b'))).message).toBe('HTTP 500');
  });

  it("throws 'Bad response' when a 200 answer says ok: false", async () => {
    stubFetch({ 'POST /api/x': { json: { ok: false } }, 'POST /api/y': { json: { ok: false, message: 'Ошибка отправки' } } });
    expect((await failure(apiPost('/x'))).message).toBe('Bad response');
    expect((await failure(apiPost('/y'))).message).toBe('Ошибка отправки');
  });

  it('turns a failed connection into status 0 with the browser message', async () => {
    stubFetch({ 'GET /api/a': new TypeError('Failed to fetch') });
    expect(await failure(apiGet('/a'))).toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it("rejects an answer that does not match the schema, in zod's Russian wording as the server's", async () => {
    stubFetch({ 'GET /api/a': { json: { count: 'many' } } });
    const err = await failure(apiGet('/a', { schema: z.object({ count: z.number() }) }));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', message: 'Неверный ввод: ожидалось число, получено string' });
  });

  it('checks an answer with a schema that loads only when the answer has come (start-up: zod is not in the entry)', async () => {
    stubFetch({ 'GET /api/a': { json: { count: 'many' } }, 'GET /api/b': { json: { count: 2, extra: true } } });
    const schema = () => Promise.resolve(z.object({ count: z.number() }));
    expect(await failure(apiGet('/a', { schema }))).toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'Неверный ввод: ожидалось число, получено string',
    });
    expect(await apiGet('/b', { schema })).toEqual({ count: 2 });
  });

  it("checks start-up's answers with their zod/mini schemas: defaults filled, a mismatch in the same Russian wording", async () => {
    stubFetch({
      'POST /api/profile/status': { json: { ok: true, status: 'APPROVED', reason: null } },
      'GET /api/profile/me': { json: { ok: true, status: 'LOST', reason: null } },
    });
    const schema = () => import('../../../../contracts/onboarding-status').then((m) => m.statusResponseSchema);
    expect(await apiPost('/profile/status', {}, { schema })).toEqual({
      ok: true,
      status: 'APPROVED',
      reason: null,
      sexMissing: false,
      gender: null,
    });
    expect(await failure(apiGet('/profile/me', { schema }))).toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/^Неверный вариант/),
    });
  });

  it('reports a 403 BANNED answer to the banned listener', async () => {
    const listener = vi.fn();
    setBannedListener(listener);
    stubFetch({
      'GET /api/chat/me': { status: 403, json: { ok: false, error: 'BANNED', message: 'Доступ ограничен', banReason: 'спам' } },
    });
    await failure(apiGet('/chat/me'));
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ banReason: 'спам' }));
    setBannedListener(null);
  });
});

describe('the /api 404 fallback', () => {
  it('retries without the /api prefix and uses a JSON answer', async () => {
    const calls = stubFetch({ 'GET /places/search': { json: { ok: true, items: [{ id: 1 }] } } });
    expect(await apiGet('/places/search', { query: { q: 'Ми' } })).toEqual({ ok: true, items: [{ id: 1 }] });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/places/search', '/places/search']);
    expect(calls[1]?.url.searchParams.get('q')).toBe('Ми');
  });

  it('keeps the original 404 when the fallback answers HTML (the mini app page)', async () => {
    stubFetch({ 'GET /places/search': { text: '<!doctype html>' } });
    expect(await failure(apiGet('/places/search'))).toMatchObject({ status: 404, message: 'Не найдено' });
  });

  it('retries a 404 that is not our JSON error shape', async () => {
    const calls = stubFetch({ 'GET /api/a': { status: 404, text: '<html>nginx</html>' }, 'GET /a': { json: { ok: true } } });
    expect(await apiGet('/a')).toEqual({ ok: true });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/a', '/a']);
  });

  it("does not repeat a call our API refused with its own 404, and shows that refusal's message", async () => {
    const refusal = { ok: false, error: 'NOT_FOUND', message: 'Стикер-пак не найден' };
    const calls = stubFetch({
      'POST /api/stickers/import': { status: 404, json: refusal },
      'POST /stickers/import': { json: { ok: true } },
    });
    expect(await failure(apiPost('/stickers/import', { telegramUrl: 'https://t.me/addstickers/nope' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Стикер-пак не найден',
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry other failures', async () => {
    const calls = stubFetch({ 'GET /api/a': { status: 500, json: { message: 'Внутренняя ошибка сервера' } } });
    await failure(apiGet('/a'));
    expect(calls).toHaveLength(1);
  });
});

describe('URL-like fields', () => {
  it('are sanitised in answers: only http(s), same-origin paths and images stay', async () => {
    stubFetch({
      'GET /api/profile/view': {
        json: {
          photoUrl: 'javascript:alert(1)',
          avatarUrl: 'https://cdn.example.com/a.webp',
          customPhotoUrl: '//evil.example/x',
          photos: ['/cdn/images/1', 'data:text/html,hi', 'https://cdn.example.com/2'],
          nested: { items: [{ imageUrl: 'vbscript:x', url: '/cdn/ok' }] },
          bio: 'javascript: is fine in text',
        },
      },
    });
    expect(await apiGet('/profile/view')).toEqual({
      photoUrl: null,
      avatarUrl: 'https://cdn.example.com/a.webp',
      customPhotoUrl: null,
      photos: ['/cdn/images/1', 'https://cdn.example.com/2'],
      nested: { items: [{ imageUrl: null, url: '/cdn/ok' }] },
      bio: 'javascript: is fine in text',
    });
  });
});
