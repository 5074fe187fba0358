import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFrameLive } from '../../../../webapp/app/layouts/app-frame';
import { useUnread } from '../../../../webapp/lib/counters/unread-store';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { currentPath, flush, installFakeSockets, likesSocket, openSocket, receive, renderScreen } from '../../support/realtime-screen';
import { signIn } from '../../support/session';

// The frame's live parts (the counters' sockets, the notices) load beside the first screen; here they are in before it.
beforeAll(() => loadFrameLive());

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  stubFetch({ 'GET /api/likes/unread-count': { json: { ok: true, count: 2 } } });
  signIn();
});

const newLike = (socket: FakeSocket) => receive(socket, { ch: 'likes', t: 'new_like', data: {} });

describe('the new-like notice', () => {
  it('raises a toast for 4 s on any screen and bumps the likes badge', async () => {
    await renderScreen('/recommendations');
    const socket = likesSocket();
    await openSocket(socket);
    expect(useUnread.getState().likes).toBe(2);
    await newLike(socket);
    expect(screen.getByText('❤️ Новый лайк')).toBeTruthy();
    expect(useUnread.getState().likes).toBe(3);
    expect(screen.getByTestId('badge').textContent).toBe('3');
    await flush(3999);
    expect(screen.queryByText('❤️ Новый лайк')).toBeTruthy();
    await flush(1);
    expect(screen.queryByText('❤️ Новый лайк')).toBeNull();
  });

  it('ignores repeats within 5 s, then notices again', async () => {
    await renderScreen('/recommendations');
    const socket = likesSocket();
    await openSocket(socket);
    await newLike(socket);
    await flush(2000);
    await newLike(socket);
    expect(screen.getAllByText('❤️ Новый лайк')).toHaveLength(1);
    await flush(2999);
    await newLike(socket);
    expect(screen.queryAllByText('❤️ Новый лайк')).toHaveLength(0);
    await flush(1);
    await newLike(socket);
    expect(screen.getAllByText('❤️ Новый лайк')).toHaveLength(1);
    expect(useUnread.getState().likes).toBe(2 + 4);
  });

  it("leads to /likes with 'Смотреть'", async () => {
    await renderScreen('/recommendations');
    const socket = likesSocket();
    await openSocket(socket);
    await newLike(socket);
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(currentPath()).toBe('/likes');
  });
});

describe('the likes socket', () => {
  it('reconnects 3 s after a close, every time, and sends what was queued on open', async () => {
    await renderScreen('/likes');
    const first = likesSocket();
    await openSocket(first);
    for (let drop = 0; drop < 3; drop++) {
      const before = FakeSocket.all.length;
      likesSocket().drop();
      await flush(2999);
      expect(FakeSocket.all).toHaveLength(before);
      await flush(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
    await flush(1000);
    const socket = likesSocket();
    expect(socket.sent).toHaveLength(0);
    await openSocket(socket);
    expect(socket.sent.map((text) => (JSON.parse(text) as { t: string }).t)).toContain('get_received');
  });
});
