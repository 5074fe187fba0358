import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedImagePath } from '../../../../contracts/media';
import { prefetchFirstCard, releaseFirstCard } from '../../../../webapp/features/explore/lib/first-card';
import { persistCard } from '../../../../webapp/features/explore/lib/persisted-card';
import { setInitData } from '../../../../webapp/lib/init-data';
import { TEST_INIT_DATA } from '../../support/launch';
import { cardOf } from '../../components/profile-card/card-fixtures';
import type { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { flush, installFakeSockets, lastSent, likesSocket, openSocket, receive, renderScreen, sent } from '../../support/realtime-screen';
import { signIn } from '../../support/session';

// Images the app asks the browser to fetch without drawing them.
const fetched: string[] = [];
const priorities: string[] = [];
class RecordingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sizes = '';
  set fetchPriority(priority: string) {
    priorities.push(priority);
  }
  set src(url: string) {
    fetched.push(url);
  }
  /** The card's AVIF srcset: recorded as its widest candidate (what a 390 px phone at DPR 3 takes). */
  set srcset(candidates: string) {
    fetched.push(candidates.split(', ').at(-1)!.split(' ')[0]!);
  }
}
const cardPhoto = (id: string) => allowedImagePath(id, 'profile', { w: 1080, f: 'avif' });

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  signIn();
  localStorage.clear();
  fetched.length = 0;
  priorities.length = 0;
  vi.stubGlobal('Image', RecordingImage);
});
afterEach(() => releaseFirstCard());

const nextRequests = (socket: FakeSocket) => sent(socket, 'explore').filter((m) => m.t === 'next' && !String(m.cid).startsWith('ahead'));
const FIRST = 'GET /api/explore/first';

describe('the first card asked for during start-up', () => {
  it('is shown by the explore screen without asking over the socket, its first photo already fetched', async () => {
    stubFetch({ [FIRST]: { json: { ok: true, card: cardOf() } } });
    prefetchFirstCard();
    await flush();
    expect(fetched).toEqual([cardPhoto('aaaaaaaaaaaaaaaaaaaaaaaa')]);
    // The launch's LCP image: ahead of the route's scripts on the few connections.
    expect(priorities).toEqual(['high']);
    await renderScreen('/explore');
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    const socket = likesSocket();
    await openSocket(socket);
    expect(nextRequests(socket)).toHaveLength(0);
  });

  it('is waited for by the explore screen when its answer has not come yet', async () => {
    let answer: () => void = () => undefined;
    const later = new Promise<void>((resolve) => (answer = resolve)).then(() => ({ json: { ok: true, card: cardOf() } }));
    stubFetch({ [FIRST]: () => later });
    prefetchFirstCard();
    await renderScreen('/explore');
    const socket = likesSocket();
    await openSocket(socket);
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(0);
    answer();
    await flush();
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(0);
  });

  it('is asked for again over the socket when the early request was refused', async () => {
    stubFetch({ [FIRST]: { status: 403, json: { ok: false, error: 'FORBIDDEN', message: 'Нет доступа' } } });
    prefetchFirstCard();
    await renderScreen('/explore');
    const socket = likesSocket();
    await openSocket(socket);
    await flush();
    expect(nextRequests(socket)).toHaveLength(1);
    await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data: cardOf() });
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
  });
});

describe('a card kept from the last visit (AMENDMENTS §5.7)', () => {
  const KEY = 'explore.currentCard@100010';
  const LIZA = cardOf({ userId: '100050', displayName: 'Лиза', age: 16, photos: ['/cdn/images/dddddddddddddddddddddddd/profile'] });
  // Kept by the app itself for this launch's account, as the last visit left it.
  const keep = (card = LIZA) => persistCard(card);

  it('is shown once the start-up answer confirms it is the same person; its photo is fetched meanwhile', async () => {
    keep();
    const calls = stubFetch({ [FIRST]: { json: { ok: true, card: LIZA } } });
    prefetchFirstCard();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([FIRST]);
    // Once the card schema (a chunk beside the entry's) has checked the kept card.
    await flush();
    expect(fetched[0]).toBe(cardPhoto('dddddddddddddddddddddddd'));
    await renderScreen('/explore');
    await flush();
    expect(screen.getByRole('heading', { name: 'Лиза, 16' })).toBeTruthy();
    const socket = likesSocket();
    await openSocket(socket);
    expect(nextRequests(socket)).toHaveLength(0);
  });

  it('is never shown when the server sends someone else (blocked, banned, deleted, out of band): the server’s card is', async () => {
    keep();
    let answer: () => void = () => undefined;
    const later = new Promise<void>((resolve) => (answer = resolve)).then(() => ({ json: { ok: true, card: cardOf() } }));
    stubFetch({ [FIRST]: () => later });
    prefetchFirstCard();
    await renderScreen('/explore');
    expect(screen.queryByRole('heading', { name: 'Лиза, 16' })).toBeNull();
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    answer();
    await flush();
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Лиза, 16' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({ userId: '100040' });
  });

  it('is forgotten when the server has no card to send', async () => {
    keep();
    stubFetch({ [FIRST]: { json: { ok: true, card: null } } });
    prefetchFirstCard();
    await renderScreen('/explore');
    await flush();
    expect(screen.getByText('Анкет больше нет')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Лиза, 16' })).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('of another account on this device is neither shown nor has its photo fetched', async () => {
    // Kept by the app for account 100099 (an older sibling), then the app is launched by account 100010.
    setInitData(new URLSearchParams({ user: JSON.stringify({ id: 100099 }) }).toString());
    persistCard(LIZA);
    setInitData(TEST_INIT_DATA);
    stubFetch({ [FIRST]: { json: { ok: true, card: cardOf() } } });
    prefetchFirstCard();
    await flush();
    expect(fetched).toEqual([cardPhoto('aaaaaaaaaaaaaaaaaaaaaaaa')]);
    await renderScreen('/explore');
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    // The other account's card is left for that account, untouched.
    expect(JSON.parse(localStorage.getItem('explore.currentCard@100099') ?? 'null')).toMatchObject({ userId: '100050' });
  });
});

describe('the card after the one on screen', () => {
  it('is asked for while the current card is shown, its photo fetched, and a swipe shows it without a loader', async () => {
    stubFetch({});
    await renderScreen('/explore');
    const socket = likesSocket();
    await openSocket(socket);
    await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data: cardOf() });
    const ahead = lastSent(socket, 'next');
    expect(String(ahead.cid)).toMatch(/^ahead/);
    expect(ahead.data).toEqual({ skip: '100040' });
    const photo = '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/profile';
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: ahead.cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14, photos: [photo] }),
    });
    expect(fetched).toContain(cardPhoto('bbbbbbbbbbbbbbbbbbbbbbbb'));
    // Behind the photo on screen, not competing with it.
    expect(priorities.at(-1)).toBe('low');
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    expect(lastSent(socket, 'dislike')).toMatchObject({ data: { targetUserId: '100040' } });
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
    expect(screen.queryByText('Загрузка анкеты…')).toBeNull();
    expect(nextRequests(socket)).toHaveLength(1);
  });
});
