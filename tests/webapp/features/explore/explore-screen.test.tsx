import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { persistCard } from '../../../../webapp/features/explore/lib/persisted-card';
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

// Kept per Telegram account (AMENDMENTS §5.7): the test launch's user is 100010.
const STORAGE_KEY = 'explore.currentCard@100010';

beforeEach(() => {
  vi.useFakeTimers();
  installFakeSockets();
  stubFetch({});
  signIn();
  Object.values(haptics).forEach((fn) => fn.mockClear());
});

/** Opens /explore with the socket open; returns the socket. */
async function openExplore() {
  await renderScreen('/explore');
  const socket = likesSocket();
  await openSocket(socket);
  return socket;
}

// Requests for the card to show; the look-ahead for the card after it (cid 'ahead-…') is counted apart.
const nextRequests = (socket: ReturnType<typeof likesSocket>) =>
  sent(socket, 'explore').filter((m) => m.t === 'next' && !String(m.cid).startsWith('ahead'));
const aheadRequests = (socket: ReturnType<typeof likesSocket>) =>
  sent(socket, 'explore').filter((m) => m.t === 'next' && String(m.cid).startsWith('ahead'));

async function answerNext(socket: ReturnType<typeof likesSocket>, data: unknown) {
  await receive(socket, { ch: 'explore', t: 'profile', cid: lastSent(socket, 'next').cid, data });
}

describe('loading a profile', () => {
  it('asks for the next profile with a cid, shows the loading text, then the card', async () => {
    const socket = await openExplore();
    expect(nextRequests(socket)).toHaveLength(1);
    expect(lastSent(socket, 'next')).toMatchObject({ ch: 'explore', t: 'next', cid: expect.any(String) });
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    await answerNext(socket, cardOf());
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(screen.queryByText('Загрузка анкеты…')).toBeNull();
  });

  it("shows 'Анкет больше нет' when no profiles are left, and asks again on 'Обновить'", async () => {
    const socket = await openExplore();
    await answerNext(socket, null);
    expect(screen.getByText('Анкет больше нет')).toBeTruthy();
    expect(screen.getByTestId('card-state').textContent).toContain('Попробуйте позже или измените настройки поиска');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(nextRequests(socket)).toHaveLength(2);
  });

  it("makes 'измените настройки поиска' a link to the search settings, and offers them from the card too", async () => {
    const socket = await openExplore();
    expect(screen.getByRole('link', { name: 'Настройки поиска' }).getAttribute('href')).toBe('/search-settings');
    await answerNext(socket, null);
    fireEvent.click(screen.getByRole('link', { name: 'измените настройки поиска' }));
    await flush();
    expect(currentPath()).toBe('/search-settings');
  });

  it("fails with 'Нет ответа от сервера' after 6 s without a reply, and retries", async () => {
    const socket = await openExplore();
    await flush(5999);
    expect(screen.queryByText('Нет ответа от сервера')).toBeNull();
    await flush(1);
    expect(screen.getByRole('alert').textContent).toContain('Нет ответа от сервера');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(nextRequests(socket)).toHaveLength(2);
    await answerNext(socket, cardOf());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
  });

  it("shows 'Ошибка загрузки анкеты' for a profile that fails the card schema", async () => {
    const socket = await openExplore();
    await answerNext(socket, { ...cardOf(), age: 500 });
    expect(screen.getByRole('alert').textContent).toContain('Ошибка загрузки анкеты');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("shows the server's message, e.g. for a profile not yet approved", async () => {
    const socket = await openExplore();
    await receive(socket, {
      ch: 'explore',
      t: 'error',
      cid: lastSent(socket, 'next').cid,
      data: { message: 'Ваша анкета ещё не прошла модерацию' },
    });
    expect(screen.getByRole('alert').textContent).toContain('Ваша анкета ещё не прошла модерацию');
  });
});

describe('like and dislike', () => {
  it('sends the like with the target and asks for the next profile at once, with haptic feedback', async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    expect(lastSent(socket, 'like')).toMatchObject({ ch: 'explore', cid: expect.any(String), data: { targetUserId: '100040' } });
    // The look-ahead still on its way becomes the request for the next card: never asked for twice.
    expect(nextRequests(socket).length + aheadRequests(socket).length).toBe(2);
    expect(haptics.impact).toHaveBeenCalledWith('medium');
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    await receive(socket, { ch: 'explore', t: 'ack', cid: lastSent(socket, 'like').cid, data: { cid: lastSent(socket, 'like').cid } });
    await answerNext(socket, cardOf({ userId: '100012', displayName: 'Никита', age: 14 }));
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });

  it('sends a dislike the same way with a lighter tap', async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    expect(lastSent(socket, 'dislike')).toMatchObject({ data: { targetUserId: '100040' } });
    expect(nextRequests(socket).length + aheadRequests(socket).length).toBe(2);
    expect(haptics.impact).toHaveBeenCalledWith('light');
  });

  it("toasts 'Ошибка отправки лайка' with the server's reason when a like is refused", async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await receive(socket, { ch: 'explore', t: 'error', cid: lastSent(socket, 'like').cid, data: { message: 'Анкета недоступна' } });
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Ошибка отправки лайка');
    expect(toast.textContent).toContain('Анкета недоступна');
  });
});

describe('a like without an answer', () => {
  it("toasts 'Ошибка отправки лайка' / 'Нет ответа от сервера' after 6 s without an ack", async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await answerNext(socket, cardOf({ userId: '100012', displayName: 'Никита', age: 14 }));
    await flush(5999);
    expect(screen.queryByText('Ошибка отправки лайка')).toBeNull();
    await flush(1);
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Ошибка отправки лайка');
    expect(toast.textContent).toContain('Нет ответа от сервера');
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });
});

const MATCH = {
  chatId: '41',
  userId: '100040',
  peerName: 'Глеб',
  peerPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile?w=480',
  myPhotoUrl: null,
};

describe('the match', () => {
  it("shows the reply to the user's own like as the full-screen match view (no toast); 'Написать' opens the chat", async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    const cid = lastSent(socket, 'like').cid;
    // The server's push reaches the liker before the replies.
    await receive(socket, { ch: 'explore', t: 'match', data: { chatId: '41', userId: '100040' } });
    await receive(socket, { ch: 'explore', t: 'ack', cid, data: { cid } });
    await receive(socket, { ch: 'explore', t: 'match', cid, data: MATCH });
    const view = screen.getByRole('dialog', { name: 'Ваш лайк взаимный!' });
    expect(within(view).getByText('Вы и Глеб понравились друг другу')).toBeTruthy();
    expect(within(view).getByTestId('match-photo-peer').querySelector('img')).toBeTruthy();
    // No photo of one's own yet: the first letter stands in.
    expect(within(view).getByTestId('match-photo-mine').textContent).toBe('Я');
    expect(haptics.notify).toHaveBeenCalledWith('success');
    expect(screen.queryByText('🎉 Ваш лайк взаимный!')).toBeNull();
    fireEvent.click(within(view).getByRole('button', { name: 'Написать' }));
    expect(currentPath()).toBe('/messages/41');
  });

  it("'Смотреть дальше' (or Escape) goes back to the cards", async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Лайк' }));
    await receive(socket, { ch: 'explore', t: 'match', cid: lastSent(socket, 'like').cid, data: MATCH });
    await answerNext(socket, cardOf({ userId: '100012', displayName: 'Никита', age: 14 }));
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть дальше' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/explore');
    expect(screen.getByRole('heading', { name: 'Никита, 14' })).toBeTruthy();
  });

  it("appears when the other user completed the pair, and 'Перейти' opens /messages/{chatId}", async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    await receive(socket, { ch: 'explore', t: 'match', data: { chatId: '77', userId: '100022' } });
    const toast = screen.getByText('🎉 Ваш лайк взаимный!').closest('[role="status"]') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Перейти' }));
    expect(currentPath()).toBe('/messages/77');
  });
});

describe('the current card is kept', () => {
  it('persists the card it shows', async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')).toMatchObject({ userId: '100040' });
  });

  it('never shows a kept card on its own word (AMENDMENTS §5.7): without the start-up answer it asks the server', async () => {
    persistCard(cardOf({ userId: '100050', displayName: 'Лиза', age: 16 }));
    const socket = await openExplore();
    expect(screen.queryByRole('heading', { name: 'Лиза, 16' })).toBeNull();
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
    expect(nextRequests(socket)).toHaveLength(1);
    await answerNext(socket, cardOf());
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
  });

  it.each([
    ['a card that fails the schema', JSON.stringify({ ...cardOf(), userId: '' })],
    ['text that is not JSON', '{broken'],
  ])('drops %s and asks for a fresh profile', async (_, stored) => {
    localStorage.setItem(STORAGE_KEY, stored);
    const socket = await openExplore();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(nextRequests(socket)).toHaveLength(1);
    expect(screen.getByText('Загрузка анкеты…')).toBeTruthy();
  });

  it('forgets the card once it was answered', async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    fireEvent.click(screen.getByRole('button', { name: 'Дизлайк' }));
    await flush();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('refetch on window focus', () => {
  const focus = () => act(() => void window.dispatchEvent(new Event('focus')));

  it('asks again on focus when there is no card, at most once per 30 s', async () => {
    const socket = await openExplore();
    await answerNext(socket, null);
    expect(nextRequests(socket)).toHaveLength(1);
    focus();
    expect(nextRequests(socket)).toHaveLength(2);
    await answerNext(socket, null);
    await flush(10_000);
    focus();
    expect(nextRequests(socket)).toHaveLength(2);
    await flush(20_000);
    focus();
    expect(nextRequests(socket)).toHaveLength(3);
  });

  it('does not ask while a card is shown', async () => {
    const socket = await openExplore();
    await answerNext(socket, cardOf());
    focus();
    expect(nextRequests(socket)).toHaveLength(1);
  });
});

describe('report and block on the card', () => {
  it('offers both on the card; a confirmed block removes the card at once and asks for the next one', async () => {
    const calls = stubFetch({ 'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь заблокирован' } } });
    const socket = await openExplore();
    await answerNext(socket, cardOf({ userId: '100040' }));
    const card = screen.getByRole('article', { name: 'Глеб, 15' });
    expect(within(card).getByRole('button', { name: 'Пожаловаться' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Заблокировать' }));
    await flush();
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Вы перестанете видеть друг друга');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Заблокировать' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'addToBlacklist', userId: '100040' });
    expect(screen.queryByRole('article')).toBeNull();
    expect(nextRequests(socket).length + aheadRequests(socket).length).toBe(2);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    // No like or dislike was sent for the blocked person.
    expect(sent(socket, 'explore').filter((m) => m.t === 'like' || m.t === 'dislike')).toHaveLength(0);
  });

  /** Opens the card's report sheet, picks `reason` and sends; returns the report request's body. */
  async function reportCard(reason: string, calls: ReturnType<typeof stubFetch>) {
    fireEvent.click(screen.getByRole('button', { name: 'Пожаловаться' }));
    await flush();
    const sheet = screen.getByRole('dialog', { name: 'Пожаловаться' });
    fireEvent.click(within(sheet).getByRole('radio', { name: reason }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Отправить' }));
    await flush();
    return calls.find((c) => c.url.pathname === '/api/profile/report')?.body;
  }

  it('after a report the card goes as after a dislike, with nothing to take back (issue 40 item 5)', async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена', blocked: false } } });
    const socket = await openExplore();
    await answerNext(socket, cardOf({ userId: '100040' }));
    expect(await reportCard('Фейковая анкета', calls)).toMatchObject({ reportedUserId: '100040', reason: 'FAKE_PROFILE' });
    expect(sent(socket, 'explore').filter((m) => m.t === 'like' || m.t === 'dislike')).toMatchObject([
      { t: 'dislike', data: { targetUserId: '100040' } },
    ]);
    expect(screen.queryByRole('article', { name: 'Глеб, 15' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Вернуть/ })).toBeNull();
  });

  it("a report with 'Также заблокировать' (ticked for harassment) blocks and drops the card, sending no swipe", async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена', blocked: true } } });
    const socket = await openExplore();
    await answerNext(socket, cardOf({ userId: '100040' }));
    expect(await reportCard('Оскорбления и травля', calls)).toMatchObject({ reportedUserId: '100040', alsoBlock: true });
    expect(screen.queryByRole('article', { name: 'Глеб, 15' })).toBeNull();
    expect(sent(socket, 'explore').filter((m) => m.t === 'like' || m.t === 'dislike')).toHaveLength(0);
  });

  it('keeps the card when the block is cancelled, and opens the report dialog for this user', async () => {
    const calls = stubFetch({});
    const socket = await openExplore();
    await answerNext(socket, cardOf({ userId: '100040' }));
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    await flush();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отмена' }));
    await flush();
    expect(screen.getByRole('article', { name: 'Глеб, 15' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Пожаловаться' }));
    await flush();
    expect(screen.getByRole('dialog', { name: 'Пожаловаться' })).toBeTruthy();
  });
});
