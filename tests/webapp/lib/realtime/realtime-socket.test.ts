import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeSocket } from '../../../../webapp/lib/realtime/realtime-socket';
import { FakeSocket } from '../../support/fake-socket';

let client: RealtimeSocket;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  client = new RealtimeSocket({ url: () => 'ws://test/ws/likes', createSocket: (url) => new FakeSocket(url) });
});
afterEach(() => client.stop());

/** How long after a drop the next socket is created. */
function nextReconnectDelay(): number {
  const before = FakeSocket.all.length;
  FakeSocket.last.drop();
  for (let waited = 1; waited <= 20_000; waited++) {
    vi.advanceTimersByTime(1);
    if (FakeSocket.all.length > before) return waited;
  }
  throw new Error('no reconnect');
}

describe('reconnecting', () => {
  it('backs off from 500 ms doubling up to 8 s', () => {
    client.start();
    const delays = Array.from({ length: 7 }, () => nextReconnectDelay());
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('starts again from 500 ms after a successful connection', () => {
    client.start();
    expect([nextReconnectDelay(), nextReconnectDelay(), nextReconnectDelay()]).toEqual([500, 1000, 2000]);
    FakeSocket.last.open();
    expect(nextReconnectDelay()).toBe(500);
  });

  it('stops reconnecting when stopped', () => {
    client.start();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('refusals by the server', () => {
  it('asks the app to find out why when the server closes with 4003 (banned) or 4001 (deleted), not on ordinary drops', () => {
    const refused: number[] = [];
    client = new RealtimeSocket({
      url: () => 'ws://x',
      createSocket: (url) => new FakeSocket(url),
      onRefused: (code) => refused.push(code),
    });
    client.start();
    FakeSocket.last.drop();
    vi.advanceTimersByTime(500);
    FakeSocket.last.drop(4003);
    vi.advanceTimersByTime(1000);
    FakeSocket.last.drop(4001);
    expect(refused).toEqual([4003, 4001]);
  });
});

describe('closes the server chose on purpose', () => {
  it('stays closed after 4401 (initData expired) unless the app found fresh launch data', () => {
    let fresh = false;
    client = new RealtimeSocket({ url: () => 'ws://x', createSocket: (url) => new FakeSocket(url), onExpired: () => fresh });
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    fresh = true;
    client.stop();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop(4401);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('waits the longest backoff after 4429 (one socket too many), though the socket had opened', () => {
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop(4429);
    vi.advanceTimersByTime(7999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('offers the subprotocols read afresh for each connection', () => {
    let initData = 'a';
    const made: string[][] = [];
    client = new RealtimeSocket({
      url: () => 'ws://x',
      protocols: () => ['tma', `tma.${initData}`],
      createSocket: (url, protocols) => (made.push(protocols), new FakeSocket(url)),
    });
    client.start();
    initData = 'b';
    FakeSocket.last.drop();
    vi.advanceTimersByTime(500);
    expect(made).toEqual([
      ['tma', 'tma.a'],
      ['tma', 'tma.b'],
    ]);
  });
});

describe('sending', () => {
  it('queues messages while disconnected and flushes them in order on open', () => {
    client.start();
    client.send({ ch: 'likes', t: 'get_received', cid: 'a', data: { page: 1, limit: 20 } });
    client.send({ ch: 'explore', t: 'next', data: null });
    FakeSocket.last.drop();
    vi.advanceTimersByTime(500);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent.map((text) => JSON.parse(text) as unknown)).toEqual([
      { ch: 'likes', t: 'get_received', cid: 'a', data: { page: 1, limit: 20 } },
      { ch: 'explore', t: 'next', data: null },
    ]);
    client.send({ ch: 'likes', t: 'get_stats', data: null });
    expect(FakeSocket.last.sent).toHaveLength(3);
  });
});

describe('receiving', () => {
  it('parses the envelope and hands each message to its channel', () => {
    const likes = vi.fn();
    const explore = vi.fn();
    client.subscribe('likes', likes);
    client.subscribe('explore', explore);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ ch: 'likes', t: 'match', cid: 'c1', data: { chatId: '9' } });
    FakeSocket.last.receive({ ch: 'explore', t: 'profile', data: null });
    expect(likes).toHaveBeenCalledWith({ ch: 'likes', t: 'match', cid: 'c1', data: { chatId: '9' } });
    expect(explore).toHaveBeenCalledWith({ ch: 'explore', t: 'profile', data: null });
  });

  it('drops what is not a valid envelope', () => {
    const likes = vi.fn();
    client.subscribe('likes', likes);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive('not json');
    FakeSocket.last.receive({ ch: 'nope', t: 'x' });
    FakeSocket.last.receive({ ch: 'likes' });
    expect(likes).not.toHaveBeenCalled();
  });

  it('tells status listeners about open and close', () => {
    const status = vi.fn();
    client.onStatus(status);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop();
    expect(status.mock.calls).toEqual([['open'], ['closed']]);
  });
});

describe('a channel that is listened to late', () => {
  const snapshot = { ch: 'chats', t: 'presenceSnapshot', data: { users: [] } };
  const push = (n: number) => ({ ch: 'chats', t: 'read', data: { n } });

  it("hands its first listener what came before it (the chats' presence snapshot comes once, as the socket opens)", async () => {
    const onMessages = vi.fn();
    client.subscribe('messages', onMessages);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(snapshot);
    const onChats = vi.fn();
    client.subscribe('chats', onChats);
    await vi.waitFor(() => expect(onChats).toHaveBeenCalledWith(snapshot));
    // Later messages reach it as they come, once; a second listener gets no replay.
    FakeSocket.last.receive(push(1));
    expect(onChats.mock.calls.map((call) => call[0] as unknown)).toEqual([snapshot, push(1)]);
    const second = vi.fn();
    client.subscribe('chats', second);
    FakeSocket.last.receive(push(2));
    expect(second.mock.calls.map((call) => call[0] as unknown)).toEqual([push(2)]);
    expect(onMessages).not.toHaveBeenCalled();
  });

  it('keeps the last 20 a channel, and nothing of an earlier connection', async () => {
    client.start();
    FakeSocket.last.open();
    for (let n = 1; n <= 25; n++) FakeSocket.last.receive(push(n));
    const onChats = vi.fn();
    client.subscribe('chats', onChats);
    await vi.waitFor(() => expect(onChats).toHaveBeenCalledTimes(20));
    expect(onChats.mock.calls[0]![0]).toEqual(push(6));

    const late = new RealtimeSocket({ url: () => 'ws://test/ws/messages', createSocket: (url) => new FakeSocket(url) });
    late.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(push(1));
    FakeSocket.last.drop();
    vi.advanceTimersByTime(500);
    FakeSocket.last.open();
    FakeSocket.last.receive(push(2));
    const fresh = vi.fn();
    late.subscribe('chats', fresh);
    await vi.waitFor(() => expect(fresh).toHaveBeenCalled());
    expect(fresh.mock.calls.map((call) => call[0] as unknown)).toEqual([push(2)]);
    late.stop();
  });
});
