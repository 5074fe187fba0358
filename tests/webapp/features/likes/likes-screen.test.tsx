import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedLike } from '../../../../contracts/likes';
import { cardOf } from '../../components/profile-card/card-fixtures';
import { stubFetch } from '../../support/fetch-stub';
import {
  currentPath,
  flush,
  installFakeSockets,
  lastSent,
  likesSocket,
  openSocket,
  receive,
  renderScreen,
  sent,
} from '../../support/realtime-screen';
import { signIn } from '../../support/session';

const haptics = vi.hoisted(() => ({ impact: vi.fn(), notify: vi.fn(), select: vi.fn() }));
vi.mock('../../../../webapp/lib/telegram/haptics', () => ({ haptics, useHaptics: () => haptics }));

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  stubFetch({});
  signIn();
});

type Socket = ReturnType<typeof likesSocket>;
const MATCH = {
  chatId: '501',
  userId: '100012',
  peerName: 'Никита',
  peerPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile?w=480',
  myPhotoUrl: '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/profile?w=480',
};
const liker = (userId: string, displayName: string, age = 15): ReceivedLike => ({
  ...cardOf({ userId, displayName, age }),
  likedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  seen: false,
});
const pageRequests = (socket: Socket) => sent(socket, 'likes').filter((m) => m.t === 'get_received');

async function openLikes(): Promise<Socket> {
  await renderScreen('/likes');
  const socket = likesSocket();
  await openSocket(socket);
  return socket;
}

async function answerPage(socket: Socket, likes: ReceivedLike[], hasNext = false) {
  await receive(socket, { ch: 'likes', t: 'received_likes', cid: lastSent(socket, 'get_received').cid, data: { likes, page: 1, hasNext } });
}

async function succeed(socket: Socket) {
  const action = lastSent(socket, 'action');
  const { targetUserId, action: kind } = action.data as { targetUserId: string; action: string };
  await receive(socket, { ch: 'likes', t: 'action_success', cid: action.cid, data: { targetUserId, action: kind } });
}

describe('loading received likes', () => {
  it('asks for the first 20 about 1 s after the screen opens', async () => {
    const socket = await openLikes();
    await flush(990);
    expect(pageRequests(socket)).toHaveLength(0);
    await flush(10);
    expect(pageRequests(socket)).toEqual([{ ch: 'likes', t: 'get_received', cid: expect.any(String), data: { page: 1, limit: 20 } }]);
  });

  it("says 'Вас пока что ещё никто не лайкнул' with a way to explore when there are none", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, []);
    expect(screen.getByText('Вас пока что ещё никто не лайкнул')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть анкеты' }));
    expect(currentPath()).toBe('/explore');
  });

  it("says 'Новых лайков нет' with the number of matches when every like that came was answered", async () => {
    const socket = await openLikes();
    await flush(1000);
    await receive(socket, {
      ch: 'likes',
      t: 'received_likes',
      cid: lastSent(socket, 'get_received').cid,
      data: { likes: [], page: 1, hasNext: false, counts: { received: 5, matches: 3 } },
    });
    expect(screen.queryByText('Вас пока что еще никто не лайкнул')).toBeNull();
    expect(screen.getByText('Новых лайков нет')).toBeTruthy();
    expect(screen.getByText('У вас 3 матча — напишите в чатах')).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('focus')));
    await receive(socket, {
      ch: 'likes',
      t: 'received_likes',
      cid: lastSent(socket, 'get_received').cid,
      data: { likes: [], page: 1, hasNext: false, counts: { received: 1, matches: 0 } },
    });
    expect(screen.getByText('На все лайки вы уже ответили')).toBeTruthy();
  });

  it("fails with 'Нет ответа от сервера' after 6 s without a reply", async () => {
    const socket = await openLikes();
    await flush(1000 + 5999);
    expect(screen.queryByRole('alert')).toBeNull();
    await flush(1);
    expect(screen.getByRole('alert').textContent).toContain('Нет ответа от сервера');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(pageRequests(socket)).toHaveLength(2);
  });

  it('loads again on window focus while the list is empty', async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, []);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(pageRequests(socket)).toHaveLength(2);
    await answerPage(socket, [liker('100012', 'Никита')]);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(pageRequests(socket)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Никита, 15' })).toBeTruthy();
  });
});

describe('answering likes one at a time', () => {
  it("puts the like/dislike buttons right under the photo, as explore does, never over 'О себе' at the bottom", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита')]);
    const bio = screen.getByRole('heading', { name: 'О себе' });
    const like = screen.getByRole('button', { name: 'Лайк' });
    // The buttons come before the bio in the card (not in the sticky bar that a short screen lays over it).
    expect(like.compareDocumentPosition(bio) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("likes and dislikes through {t:'action'}, moves on at action_success and ends with 'Лайков больше нет'", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита'), liker('100014', 'Лёва', 14)]);
    expect(screen.getByRole('heading', { name: 'Никита, 15' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Лёва, 14' })).toBeNull();
    expect(screen.getByText(/Вам поставили лайк · 2 ч назад/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    expect(lastSent(socket, 'action')).toMatchObject({
      ch: 'likes',
      cid: expect.any(String),
      data: { targetUserId: '100012', action: 'like' },
    });
    expect(haptics.impact).toHaveBeenCalledWith('medium');
    expect((screen.getByRole('button', { name: 'Лайк' }) as HTMLButtonElement).disabled).toBe(true);
    await succeed(socket);
    expect(screen.getByRole('heading', { name: 'Лёва, 14' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    expect(lastSent(socket, 'action')).toMatchObject({ data: { targetUserId: '100014', action: 'dislike' } });
    await succeed(socket);
    expect(screen.getByText('Лайков больше нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(pageRequests(socket)).toHaveLength(2);
    await answerPage(socket, []);
    expect(screen.getByText('Лайков больше нет')).toBeTruthy();
  });

  it('tells the server a like was seen only when its card is on screen, once', async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита'), { ...liker('100014', 'Лёва', 14) }, { ...liker('100016', 'Миша'), seen: true }]);
    const seen = () =>
      sent(socket, 'likes')
        .filter((m) => m.t === 'seen')
        .map((m) => (m.data as { targetUserId: string }).targetUserId);
    expect(seen()).toEqual(['100012']);
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    expect(seen()).toEqual(['100012']);
    await succeed(socket);
    expect(seen()).toEqual(['100012', '100014']);
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    await succeed(socket);
    // Миша's like was seen on an earlier visit: nothing to tell.
    expect(screen.getByRole('heading', { name: 'Миша, 15' })).toBeTruthy();
    expect(seen()).toEqual(['100012', '100014']);
  });

  it('asks for more at the end of a page when the server has more', async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита')], true);
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await succeed(socket);
    expect(pageRequests(socket)).toHaveLength(2);
    await answerPage(socket, [liker('100016', 'Миша')]);
    expect(screen.getByRole('heading', { name: 'Миша, 15' })).toBeTruthy();
  });

  it("shows a match as the full-screen match view with both photos; 'Написать' opens the chat, with no toast", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита'), liker('100014', 'Лёва', 14)]);
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    const cid = lastSent(socket, 'action').cid;
    // The push reaches this user first, then the replies to the like.
    await receive(socket, { ch: 'explore', t: 'match', data: { chatId: '501', userId: '100012' } });
    await succeed(socket);
    await receive(socket, { ch: 'likes', t: 'match', cid, data: MATCH });
    const view = screen.getByRole('dialog', { name: 'Ваш лайк взаимный!' });
    expect(within(view).getByText('Вы и Никита понравились друг другу')).toBeTruthy();
    expect(within(view).getByTestId('match-photo-mine').querySelector('img')?.getAttribute('src')).toContain(
      '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/profile',
    );
    expect(within(view).getByTestId('match-photo-peer').querySelector('img')?.getAttribute('src')).toContain(
      '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile',
    );
    expect(haptics.notify).toHaveBeenCalledWith('success');
    expect(screen.queryByText('🎉 Ваш лайк взаимный!')).toBeNull();
    expect(currentPath()).toBe('/likes');
    fireEvent.click(within(view).getByRole('button', { name: 'Написать' }));
    expect(currentPath()).toBe('/messages/501');
  });

  it("'Смотреть дальше' closes the match view onto the next like", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита'), liker('100014', 'Лёва', 14)]);
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    const cid = lastSent(socket, 'action').cid;
    await succeed(socket);
    await receive(socket, { ch: 'likes', t: 'match', cid, data: MATCH });
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть дальше' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/likes');
    expect(screen.getByRole('heading', { name: 'Лёва, 14' })).toBeTruthy();
  });

  it("shows the server's reason and lets the user try again when an action is refused", async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100012', 'Никита')]);
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await receive(socket, { ch: 'likes', t: 'error', cid: lastSent(socket, 'action').cid, data: { message: 'Анкета недоступна' } });
    expect(screen.getByRole('alert').textContent).toContain('Анкета недоступна');
    expect((screen.getByRole('button', { name: 'Лайк' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('drops likes whose card fails the schema', async () => {
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [{ ...liker('100012', 'Никита'), age: 0 }, liker('100014', 'Лёва', 14)]);
    expect(screen.getByRole('heading', { name: 'Лёва, 14' })).toBeTruthy();
  });
});

describe('report and block on the card', () => {
  it('a confirmed block removes the card at once and shows the next like; no answer is sent', async () => {
    const calls = stubFetch({ 'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь заблокирован' } } });
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100040', 'Глеб'), liker('100041', 'Соня')]);
    expect(screen.getByRole('button', { name: 'Пожаловаться' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    await flush();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Заблокировать' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'addToBlacklist', userId: '100040' });
    expect(screen.queryByRole('heading', { name: 'Глеб, 15' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Соня, 15' })).toBeTruthy();
    expect(sent(socket, 'likes').filter((m) => m.t === 'action')).toHaveLength(0);
  });

  it('after a report the like is answered as a dislike and the next one shows (issue 40 item 5)', async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена', blocked: false } } });
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100040', 'Глеб'), liker('100041', 'Соня')]);
    fireEvent.click(screen.getByRole('button', { name: 'Пожаловаться' }));
    await flush();
    const sheet = screen.getByRole('dialog', { name: 'Пожаловаться' });
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Флуд и спам' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Отправить' }));
    await flush();
    expect(calls.find((c) => c.url.pathname === '/api/profile/report')?.body).toMatchObject({ reportedUserId: '100040', reason: 'SPAM' });
    expect(sent(socket, 'likes').filter((m) => m.t === 'action')).toMatchObject([{ data: { targetUserId: '100040', action: 'dislike' } }]);
    await succeed(socket);
    expect(screen.queryByRole('heading', { name: 'Глеб, 15' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Соня, 15' })).toBeTruthy();
  });

  it('blocking the last like ends the list', async () => {
    stubFetch({ 'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь заблокирован' } } });
    const socket = await openLikes();
    await flush(1000);
    await answerPage(socket, [liker('100040', 'Глеб')]);
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    await flush();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Заблокировать' }));
    await flush();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText('Лайков больше нет')).toBeTruthy();
  });
});
