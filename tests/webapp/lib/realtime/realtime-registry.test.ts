import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendOnChannel, subscribeChannel } from '../../../../webapp/lib/realtime/realtime-registry';
import { initDataFromProtocols } from '../../../../contracts/socket-auth';
import { getInitData, setInitData } from '../../../../webapp/lib/init-data';
import { setSessionExpiredListener } from '../../../../webapp/lib/session-expiry';
import { setLaunchHash } from '../../support/launch';
import { FakeSocket } from '../../support/fake-socket';

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setInitData('user=%7B%7D&hash=abc');
});
afterEach(() => vi.unstubAllGlobals());

describe('one socket per path, shared by screens', () => {
  it('opens /ws/likes once for the likes and explore channels, with initData in the subprotocols, not the URL', () => {
    const offLikes = subscribeChannel('likes', () => undefined);
    const offExplore = subscribeChannel('explore', () => undefined);
    expect(FakeSocket.all).toHaveLength(1);
    const url = new URL(FakeSocket.last.url);
    expect(url.pathname).toBe('/ws/likes');
    expect(url.search).toBe('');
    expect(FakeSocket.last.protocols).toEqual(['tma', `tma.${btoa('user=%7B%7D&hash=abc').replace(/=+$/, '')}`]);
    expect(initDataFromProtocols((FakeSocket.last.protocols as string[]).join(', '))).toBe('user=%7B%7D&hash=abc');
    offLikes();
    expect(FakeSocket.last.readyState).not.toBe(3);
    offExplore();
    expect(FakeSocket.last.readyState).toBe(3);
  });

  it('carries chats and messages on /ws/messages and stamps the channel on what is sent', () => {
    const received = vi.fn();
    const status = vi.fn();
    const off = subscribeChannel('messages', received, status);
    subscribeChannel('chats', () => undefined)();
    sendOnChannel('messages', { t: 'send', cid: 'c1', data: { chatId: '1', text: 'Привет', clientId: 'c1' } });
    const socket = FakeSocket.last;
    expect(new URL(socket.url).pathname).toBe('/ws/messages');
    socket.open();
    expect(status).toHaveBeenCalledWith('open');
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({
      ch: 'messages',
      t: 'send',
      cid: 'c1',
      data: { chatId: '1', text: 'Привет', clientId: 'c1' },
    });
    socket.receive({ ch: 'messages', t: 'message', data: { id: 1 } });
    expect(received).toHaveBeenCalledWith({ ch: 'messages', t: 'message', data: { id: 1 } });
    off();
  });
});

describe('a socket whose initData expired (4401)', () => {
  afterEach(() => setSessionExpiredListener(null));

  it('reconnects with fresh launch data when the launch can be read again with newer data', () => {
    vi.useFakeTimers();
    setLaunchHash({ initData: 'user=%7B%7D&auth_date=2&hash=new' });
    const expired = vi.fn();
    setSessionExpiredListener(expired);
    const off = subscribeChannel('messages', () => undefined);
    FakeSocket.last.open();
    FakeSocket.last.drop(4401);
    expect(getInitData()).toBe('user=%7B%7D&auth_date=2&hash=new');
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(2);
    expect(initDataFromProtocols((FakeSocket.last.protocols as string[]).join(','))).toBe('user=%7B%7D&auth_date=2&hash=new');
    expect(expired).not.toHaveBeenCalled();
    off();
    vi.useRealTimers();
  });

  it('shows the expired state and stops reconnecting when there is nothing fresher', () => {
    vi.useFakeTimers();
    setLaunchHash({ initData: 'user=%7B%7D&hash=abc' });
    const expired = vi.fn();
    setSessionExpiredListener(expired);
    const off = subscribeChannel('messages', () => undefined);
    FakeSocket.last.open();
    FakeSocket.last.drop(4401);
    expect(expired).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    off();
    vi.useRealTimers();
  });
});
