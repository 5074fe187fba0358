import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingCalls } from '../../../../webapp/boot/landing-calls';
import { fetchChatInfo, fetchHistory } from '../../../../webapp/features/chat/api/chat-api';
import { archiveSummaryQuery, chatListQuery } from '../../../../webapp/features/chat/lib/chat-list-query';
import { queryClient } from '../../../../webapp/lib/query/query-client';
import { prefetchFirstCard, releaseFirstCard, takeFirstCard } from '../../../../webapp/features/explore/lib/first-card';
import { apiGet, apiPost } from '../../../../webapp/lib/api/api-client';
import { sendEarly } from '../../../../webapp/lib/api/early-requests';
import { setInitData } from '../../../../webapp/lib/init-data';
import { stubFetch } from '../../support/fetch-stub';

const INIT_DATA = 'query_id=1&user=%7B%7D&hash=abc';
beforeEach(() => setInitData(INIT_DATA));
afterEach(() => vi.useRealTimers());

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

  it('are not taken once stale: a screen reached later asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubFetch({ 'GET /api/profile/me': { json: { ok: true } } });
    sendEarly(INIT_DATA, [{ method: 'GET', url: '/api/profile/me' }]);
    vi.setSystemTime(Date.now() + 60_000);
    await apiGet('/profile/me');
    expect(calls).toHaveLength(2);
  });
});

describe("a landing screen's first calls", () => {
  // Each is taken by the screen's own call: the inline script builds the URLs the API client builds.
  it.each([
    // The chat list's queries, as its screen reads them.
    ['/chat', () => Promise.all([queryClient.fetchInfiniteQuery(chatListQuery(null)), queryClient.fetchQuery(archiveSummaryQuery)])],
    ['/messages/42', () => Promise.all([fetchChatInfo('42'), fetchHistory('42')])],
    [
      '/',
      async () => {
        prefetchFirstCard();
        await takeFirstCard()?.settled;
        releaseFirstCard();
      },
    ],
  ])('on %s are those its screen makes', async (path, screenCalls) => {
    const early = landingCalls(path);
    // Any answer: what is counted is the calls that went out.
    const calls = stubFetch(Object.fromEntries(early.map((c) => [`GET ${c.url.split('?')[0]}`, { json: { ok: true } }])));
    expect(early.length).toBeGreaterThan(0);
    sendEarly(INIT_DATA, early);
    await screenCalls().catch(() => null);
    expect(calls).toHaveLength(early.length);
  });

  it('are none for other screens or a malformed chat path', () => {
    expect(landingCalls('/profile')).toEqual([]);
    expect(landingCalls('/messages/%E0%A4%A')).toEqual([]);
  });
});
