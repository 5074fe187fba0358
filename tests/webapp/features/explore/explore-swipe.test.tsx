import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf } from '../../components/profile-card/card-fixtures';
import { stubFetch } from '../../support/fetch-stub';
import { flush, installFakeSockets, lastSent, likesSocket, openSocket, receive, renderScreen, sent } from '../../support/realtime-screen';
import { signIn } from '../../support/session';

const haptics = vi.hoisted(() => ({ impact: vi.fn(), notify: vi.fn(), select: vi.fn() }));
vi.mock('../../../../webapp/lib/telegram/haptics', () => ({ haptics, useHaptics: () => haptics }));

type Socket = ReturnType<typeof likesSocket>;

// jsdom has no PointerEvent; a MouseEvent carries the clientX/clientY the swipe reads.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.useFakeTimers();
  installFakeSockets();
  stubFetch({});
  signIn();
});

async function openWithCard(card = cardOf()): Promise<Socket> {
  await renderScreen('/explore');
  const socket = likesSocket();
  await openSocket(socket);
  await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data: card });
  return socket;
}

const swipes = (socket: Socket) => sent(socket, 'explore').filter((m) => m.t === 'like' || m.t === 'dislike');
const card = () => screen.getByTestId('swipe-card');

/** A drag on the card with pointer events, from x=200 by `dx` (and `dy`). */
function drag(dx: number, dy = 0) {
  fireEvent.pointerDown(card(), { clientX: 200, clientY: 300, pointerId: 1, button: 0 });
  fireEvent.pointerMove(card(), { clientX: 200 + dx / 2, clientY: 300 + dy / 2, pointerId: 1 });
  fireEvent.pointerMove(card(), { clientX: 200 + dx, clientY: 300 + dy, pointerId: 1 });
  const during = card().style.transform;
  fireEvent.pointerUp(card(), { clientX: 200 + dx, clientY: 300 + dy, pointerId: 1 });
  return during;
}

describe('swiping the card', () => {
  it('follows the finger, and a drag to the right past the threshold is a like that flies the card off', async () => {
    const socket = await openWithCard();
    expect(drag(160)).toBe('translateX(160px) rotate(7.2727272727272725deg)');
    expect(swipes(socket)).toMatchObject([{ t: 'like', data: { targetUserId: '100040' } }]);
    expect(haptics.impact).toHaveBeenCalledWith('medium');
    expect(screen.getByTestId('leaving-card').className).toMatch(/toRight/);
    expect(screen.getByTestId('leaving-card').getAttribute('aria-hidden')).toBe('true');
    await flush(500);
    expect(screen.queryByTestId('leaving-card')).toBeNull();
  });

  it('a drag to the left is a dislike; the buttons still work', async () => {
    const socket = await openWithCard();
    drag(-150);
    expect(swipes(socket)).toMatchObject([{ t: 'dislike', data: { targetUserId: '100040' } }]);
    expect(screen.getByTestId('leaving-card').className).toMatch(/toLeft/);
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: lastSent(socket, 'next').cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    expect(swipes(socket).map((m) => m.t)).toEqual(['dislike', 'like']);
  });

  it('a short drag snaps back, and a vertical one scrolls: neither swipes', async () => {
    const socket = await openWithCard();
    expect(drag(50)).toBe('translateX(50px) rotate(2.272727272727273deg)');
    expect(card().style.transform).toBe('');
    expect(drag(20, 200)).toBe('');
    expect(swipes(socket)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
  });
});

describe('two fingers on the card (the page zoomed or zooming)', () => {
  it('a pinch never swipes, and a one-finger swipe works again once both fingers are up', async () => {
    const socket = await openWithCard();
    fireEvent.pointerDown(card(), { clientX: 200, clientY: 300, pointerId: 1, button: 0 });
    fireEvent.pointerMove(card(), { clientX: 215, clientY: 300, pointerId: 1 });
    fireEvent.pointerDown(card(), { clientX: 260, clientY: 320, pointerId: 2, button: 0 });
    for (const step of [1, 2, 3]) {
      fireEvent.pointerMove(card(), { clientX: 200 + 60 * step, clientY: 300, pointerId: 1 });
      fireEvent.pointerMove(card(), { clientX: 260 + 60 * step, clientY: 320, pointerId: 2 });
    }
    expect(card().style.transform).toBe('');
    fireEvent.pointerUp(card(), { clientX: 380, clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(card(), { clientX: 440, clientY: 320, pointerId: 2 });
    expect(swipes(socket)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();

    drag(160);
    expect(swipes(socket)).toMatchObject([{ t: 'like', data: { targetUserId: '100040' } }]);
  });
});

describe('undo of the last dislike', () => {
  it("offers 'Вернуть анкету' after a dislike; it brings the card back and the next card follows it again", async () => {
    const calls = stubFetch({ 'POST /api/explore/undo': { json: { ok: true, card: cardOf() } } });
    const socket = await openWithCard();
    expect(screen.queryByRole('button', { name: 'Вернуть анкету' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: lastSent(socket, 'next').cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть анкету' }));
    await flush();
    expect(calls.filter((c) => c.url.pathname === '/api/explore/undo').map((c) => c.body)).toEqual([{ targetUserId: '100040' }]);
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    // One step only: the button is gone until the next dislike.
    expect(screen.queryByRole('button', { name: 'Вернуть анкету' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });

  it('is not offered after a like', async () => {
    const socket = await openWithCard();
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: lastSent(socket, 'next').cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14 }),
    });
    expect(screen.queryByRole('button', { name: 'Вернуть анкету' })).toBeNull();
  });

  it('says why when the server refuses, and keeps the card on screen', async () => {
    stubFetch({
      'POST /api/explore/undo': { status: 409, json: { ok: false, error: 'CONFLICT', message: 'Вернуть можно только последнюю анкету' } },
    });
    const socket = await openWithCard();
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: lastSent(socket, 'next').cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть анкету' }));
    await flush();
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Не удалось вернуть анкету');
    expect(toast.textContent).toContain('Вернуть можно только последнюю анкету');
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });
});

describe('the next card', () => {
  const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode');
  afterEach(() => {
    if (original) Object.defineProperty(HTMLImageElement.prototype, 'decode', original);
    else delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  });

  it('is shown only once its photo is decoded, not with a loader', async () => {
    let decoded = () => {};
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise<void>((resolve) => (decoded = resolve)),
    });
    const socket = await openWithCard();
    const ahead = sent(socket, 'explore').find((m) => m.t === 'next' && String(m.cid).startsWith('ahead'))!;
    await receive(socket, {
      ch: 'explore',
      t: 'profile',
      cid: ahead.cid,
      data: cardOf({ userId: '100012', displayName: 'Никита', age: 14 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    await flush();
    expect(screen.queryByRole('heading', { name: 'Никита, 14' })).toBeNull();
    expect(screen.queryByText('Загрузка анкеты…')).toBeNull();
    await act(async () => decoded());
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });
});
