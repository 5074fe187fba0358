import { beforeEach, describe, expect, it } from 'vitest';
import { apiGet, apiPost } from '../../../../webapp/lib/api/api-client';
import { sendEarly } from '../../../../webapp/lib/api/early-requests';
import { setInitData } from '../../../../webapp/lib/init-data';
import { stubFetch } from '../../support/fetch-stub';

const INIT_DATA = 'query_id=1&user=%7B%7D&hash=abc';
beforeEach(() => setInitData(INIT_DATA));

describe('start-up calls sent before the app is evaluated', () => {
  it('are sent as the API client sends them and their answers taken by it, once', async () => {
    const calls = stubFetch({
      'POST /api/profile/status': { json: { status: 'APPROVED' } },
      'GET /api/profile/me': { json: { ok: true } },
    });
    sendEarly(INIT_DATA, [
      { method: 'POST', url: '/api/profile/status' },
      { method: 'GET', url: '/api/profile/me' },
    ]);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/profile/status', 'GET /api/profile/me']);
    expect(calls.map((c) => [c.authorization, c.body])).toEqual([
      [`tma ${INIT_DATA}`, {}],
      [`tma ${INIT_DATA}`, null],
    ]);
    expect(await apiPost('/profile/status', {})).toEqual({ status: 'APPROVED' });
    expect(await apiGet('/profile/me')).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    // Taken once: the same call later goes out again.
    await apiPost('/profile/status', {});
    expect(calls).toHaveLength(3);
  });

  it('are not taken for another initData or a call with a body', async () => {
    const calls = stubFetch({ 'POST /api/profile/status': { json: { status: 'APPROVED' } } });
    sendEarly('other', [{ method: 'POST', url: '/api/profile/status' }]);
    await apiPost('/profile/status', {});
    expect(calls.map((c) => c.authorization)).toEqual(['tma other', `tma ${INIT_DATA}`]);
    sendEarly(INIT_DATA, [{ method: 'POST', url: '/api/profile/status' }]);
    await apiPost('/profile/status', { extra: 1 });
    expect(calls).toHaveLength(4);
  });
});
