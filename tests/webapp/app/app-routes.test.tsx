import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../support/fetch-stub';
import { renderAt } from '../support/render';
import { ADMIN, MODERATOR, signIn, testUser } from '../support/session';

beforeEach(() => {
  stubFetch({});
  signIn();
});

const location = () => screen.getByTestId('location').textContent;

describe('redirects', () => {
  it.each([
    ['/', '/explore'],
    ['/nowhere', '/explore'],
    ['/chat/extra/deep', '/explore'],
    ['/blocked', '/explore'],
    // The spec's chat settings are the working theme screen; recommendations do not exist yet (AMENDMENTS §4.2).
    ['/chat-settings', '/theme'],
    ['/recommendations', '/explore'],
  ])('%s goes to %s', async (from, to) => {
    renderAt(from);
    await waitFor(() => expect(location()).toBe(to));
  });

  it('/admin goes to /admin/stats', async () => {
    signIn(ADMIN);
    renderAt('/admin');
    await waitFor(() => expect(location()).toBe('/admin/stats'));
  });
});

describe('every route of the spec exists', () => {
  it.each([
    ['/chat', 'Сообщения'],
    ['/messages/chat%2F1', 'Чат'],
    ['/likes', 'Лайки'],
    ['/likes-history', 'История лайков'],
    ['/explore', 'Анкеты'],
    ['/profile', 'Профиль'],
    ['/my-profile', 'Моя анкета'],
    ['/u/7', 'Профиль пользователя'],
    ['/u/by-chat/9', 'Профиль собеседника'],
    ['/profile/7', 'Профиль пользователя'],
    ['/help', 'Справка'],
    ['/privacy', 'Приватность'],
    ['/blacklist', 'Чёрный список'],
    ['/archive', 'Архив'],
    ['/notifications', 'Уведомления'],
    ['/about-position', 'Наша позиция'],
    ['/theme', 'Оформление'],
  ])('%s shows its screen', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 2, name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(location()).toBe(path);
  });

  it.each([
    ['/admin/stats', 'Статистика'],
    ['/admin/users', 'Пользователи'],
    ['/admin/user/100010', 'Пользователь'],
    ['/admin/db', 'База данных'],
    ['/admin/profiles', 'Анкеты'],
    ['/moderation', 'Что ждёт проверки'],
    ['/moderation/stats', 'Статистика'],
    ['/moderation/profiles', 'Анкеты'],
    ['/moderation/reports', 'Жалобы'],
    ['/moderation/users', 'Пользователи'],
  ])('%s shows its screen to an admin', async (path, heading) => {
    signIn(ADMIN);
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 2, name: heading }, { timeout: 5000 })).toBeTruthy();
  });

  it("answers 'Доступ запрещён' to a plain user in the staff areas", async () => {
    renderAt('/moderation/profiles');
    expect(await screen.findByRole('heading', { name: 'Доступ запрещён' })).toBeTruthy();
    expect(screen.getByText('Этот раздел доступен только команде модерации.')).toBeTruthy();
  });

  it('shows a banned user their blocked screen on /blocked', async () => {
    signIn(testUser({ isBanned: true, banReason: 'Спам в сообщениях', bannedAt: '2026-02-01T10:00:00.000Z' }));
    renderAt('/blocked');
    expect(await screen.findByText('Ваш аккаунт заблокирован за нарушение правил сообщества.')).toBeTruthy();
    expect(screen.getByText('Спам в сообщениях')).toBeTruthy();
    expect(location()).toBe('/blocked');
  });

  it('lets a moderator into moderation', async () => {
    signIn(MODERATOR);
    renderAt('/moderation/profiles');
    expect(await screen.findByRole('heading', { level: 2, name: 'Анкеты' })).toBeTruthy();
  });

  it.each(['/admin/stats', '/admin/db'])('keeps a moderator out of %s, saying it is for administrators', async (path) => {
    signIn(MODERATOR);
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Доступ запрещён' })).toBeTruthy();
    expect(screen.getByText('Этот раздел доступен только администраторам.')).toBeTruthy();
  });
});
