import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnread } from '../../../../webapp/features/counters/stores/unread-store';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { signIn } from '../../support/session';

const backButton = vi.hoisted(() => ({ visible: false, onBack: () => undefined as void }));
vi.mock('../../../../webapp/lib/telegram/use-back-button', () => ({
  useTelegramBackButton: (visible: boolean, onBack: () => void) => {
    backButton.visible = visible;
    backButton.onBack = onBack;
  },
}));

beforeEach(() => {
  signIn();
  useUnread.setState({ messages: 0, likes: 0 });
});

describe("the frame and Telegram's back button", () => {
  it.each([
    ['/help', true],
    ['/u/12', true],
    ['/about-position', true],
    ['/explore', false],
    ['/profile', false],
  ])('on %s it is shown: %s', (path, visible) => {
    stubFetch({});
    renderAt(path);
    expect(backButton.visible).toBe(visible);
  });

  it('goes to /explore when the app was opened straight on a deep link', () => {
    stubFetch({});
    renderAt('/help');
    act(() => backButton.onBack());
    expect(screen.getByTestId('location').textContent).toBe('/explore');
  });
});

describe('unread counters', () => {
  it('are polled at once and then every 30 s', async () => {
    vi.useFakeTimers();
    let unread = 3;
    const calls = stubFetch({ 'GET /api/messages/total-unread-count': () => ({ json: { totalUnreadCount: unread } }), 'GET /api/likes/unread-count': { json: { count: 1 } } });
    renderAt('/explore');
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
