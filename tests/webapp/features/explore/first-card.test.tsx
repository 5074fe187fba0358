import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstCard, releaseFirstCard } from '../../../../webapp/features/explore/lib/first-card';
import { cardOf } from '../../components/profile-card/card-fixtures';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets, lastSent, likesSocket, openSocket, receive, renderScreen, sent } from '../../support/realtime-screen';
import { signIn } from '../../support/session';

// Images the app asks the browser to fetch without drawing them.
const fetched: string[] = [];
class RecordingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    fetched.push(url);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  stubFetch({});
  signIn();
  localStorage.clear();
  fetched.length = 0;
  vi.stubGlobal('Image', RecordingImage);
});
afterEach(() => releaseFirstCard());

const nextRequests = (socket: FakeSocket) => sent(socket, 'explore').filter((m) => m.t === 'next');

describe('the first card asked for during start-up', () => {
  it('is shown by the explore screen without asking again, its first photo already fetched', async () => {
    prefetchFirstCard();
    const socket = likesSocket();
    await openSocket(socket);
    await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data: cardOf() });
    expect(fetched).toEqual(['/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile?w=1080&q=85']);
    await renderScreen('/explore');
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('is waited for by the explore screen when its answer has not come yet', async () => {
    prefetchFirstCard();
    const socket = likesSocket();
    await openSocket(socket);
    await renderScreen('/explore');
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(1);
    await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data: cardOf() });
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(1);
  });

  it('is not asked for when a card is kept from the last visit: only that card’s photo is fetched', () => {
    localStorage.setItem('explore.currentCard', JSON.stringify(cardOf({ photos: ['/cdn/images/dddddddddddddddddddddddd/profile'] })));
    prefetchFirstCard();
    expect(FakeSocket.all).toHaveLength(0);
    expect(fetched).toEqual(['/cdn/images/dddddddddddddddddddddddd/profile?w=1080&q=85']);
  });

  it('lets its socket go when start-up leads elsewhere', async () => {
    prefetchFirstCard();
    const socket = likesSocket();
    await openSocket(socket);
    releaseFirstCard();
    expect(socket.readyState).toBe(3);
  });
});
