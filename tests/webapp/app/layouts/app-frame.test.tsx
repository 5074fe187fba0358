import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFrameLive } from '../../../../webapp/app/layouts/app-frame';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { useUnread } from '../../../../webapp/lib/counters/unread-store';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { renderAt } from '../../support/render';
import { signIn } from '../../support/session';

// The frame's live parts (counters, the summary toast) load beside the first screen; here they are in before it.
beforeAll(() => loadFrameLive());

const backButton = vi.hoisted(() => ({ visible: false, onBack: () => undefined as void }));
vi.mock('../../../../webapp/lib/telegram/use-back-button', () => ({
  useTelegramBackButton: (visible: boolean, onBack: () => void) => {
    backButton.visible = visible;
    backButton.onBack = onBack;
  },
}));

beforeEach(() => {
  signIn();
  useUnread.setState({ messages: 0, likes: 0, polled: false });
  useToasts.setState({ toasts: [] });
});

describe("the frame and Telegram's back button", () => {
  it.each([
    ['/help', true],
    ['/u/12', true],
    ['/about-position', true],
    ['/messages/42', true],
    ['/explore', false],
    ['/profile', false],
  ])('on %s it is shown: %s', (path, visible) => {
    stubFetch({});
    renderAt(path);
    expect(backButton.visible).toBe(visible);
  });

  it.each([
    ['/help', '/profile'],
    ['/messages/42', '/chat'],
    ['/u/12', '/explore'],
  ])('from %s opened straight on a deep link it goes to %s', (path, target) => {
    stubFetch({});
    renderAt(path);
    act(() => backButton.onBack());
    expect(screen.getByTestId('location').textContent).toBe(target);
  });
});

describe('unread counters', () => {
  it('are asked at once, and every 30 s while the sockets cannot connect (the fallback of the live counts)', async () => {
    vi.useFakeTimers();
    let unread = 3;
    const calls = stubFetch({
      'GET /api/messages/total-unread-count': () => ({ json: { totalUnreadCount: unread } }),
      'GET /api/likes/unread-count': { json: { count: 1 } },
    });
    installFakeSockets();
    renderAt('/explore');
    // Both sockets fail, and so does every retry (never opened): only the poll tells the counts.
    await act(async () => FakeSocket.all.forEach((socket) => socket.drop()));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(useUnread.getState()).toMatchObject({ messages: 3, likes: 1 });
    unread = 120;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(useUnread.getState().messages).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(useUnread.getState().messages).toBe(120);
    expect(calls.filter((c) => c.url.pathname === '/api/messages/total-unread-count')).toHaveLength(2);
    expect(screen.getByLabelText('Чаты: 99+')).toBeTruthy();
  });
});

describe('the unread summary toast (end-user.md §9, 5 s)', () => {
  const counts = (messages: number, likes: number) => ({
    'GET /api/messages/total-unread-count': { json: { totalUnreadCount: messages } },
    'GET /api/likes/unread-count': { json: { count: likes } },
  });

  it('tells what is waiting once after launch, for 5 s, and leads to the chats', async () => {
    vi.useFakeTimers();
    stubFetch(counts(3, 2));
    renderAt('/explore');
    render(<Toaster />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const toast = screen.getByText('У вас 3 непрочитанных сообщения и 2 новых лайка');
    expect(useToasts.getState().toasts.map((t) => t.durationMs)).toEqual([5000]);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(useToasts.getState().toasts.filter((t) => t.text.startsWith('У вас'))).toHaveLength(0);
    expect(toast.isConnected).toBe(false);
    vi.useRealTimers();
  });

  it('opens /likes when only likes wait', async () => {
    stubFetch(counts(0, 1));
    renderAt('/explore');
    render(<Toaster />);
    await screen.findByText('У вас 1 новый лайк');
    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getByTestId('location').textContent).toBe('/likes');
  });

  it('stays silent when nothing is unread', async () => {
    vi.useFakeTimers();
    stubFetch(counts(0, 0));
    renderAt('/explore');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(useUnread.getState().polled).toBe(true);
    expect(useToasts.getState().toasts).toHaveLength(0);
    vi.useRealTimers();
  });
});
