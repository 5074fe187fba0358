import { describe, expect, it } from 'vitest';
import { bottomBarFor, showsBackButton, titleForPath } from '../../../webapp/app/route-meta';

describe('header titles', () => {
  it.each([
    ['/profile', 'Профиль'],
    ['/my-profile', 'Моя анкета'],
    ['/help', 'Справка'],
    ['/privacy', 'Приватность'],
    ['/blocked', 'Доступ ограничен'],
    ['/blacklist', 'Чёрный список'],
    ['/likes-history', 'История лайков'],
    ['/chat-settings', 'Тема'],
    ['/recommendations', 'Рекомендации'],
    ['/notifications', 'Уведомления'],
    ['/about-position', 'Наша позиция'],
    ['/admin/users', 'Админ-панель'],
    ['/admin', 'Админ-панель'],
    ['/moderation/profiles', 'Модерация'],
    ['/explore', 'Орбита'],
    ['/chat', 'Орбита'],
    ['/profile/42', 'Орбита'],
    ['/administrator', 'Орбита'],
  ])('%s → %s', (path, title) => {
    expect(titleForPath(path, 'Орбита')).toBe(title);
  });
});

describe("Telegram's back button", () => {
  it.each(['/u/5', '/u/by-chat/abc', '/my-profile', '/help', '/privacy', '/blacklist', '/likes-history', '/chat-settings', '/recommendations', '/notifications', '/about-position', '/admin/user/100012'])(
    'is shown on %s',
    (path) => expect(showsBackButton(path)).toBe(true),
  );
  it.each(['/explore', '/chat', '/likes', '/profile', '/messages/1', '/admin/stats', '/moderation'])('is not shown on %s', (path) => expect(showsBackButton(path)).toBe(false));
});

describe('bottom bar', () => {
  it('is the user bar by default, hidden in a conversation, replaced on staff paths', () => {
    expect(bottomBarFor('/explore', 'admin')).toBe('user');
    expect(bottomBarFor('/messages/abc', 'admin')).toBe('none');
    expect(bottomBarFor('/admin/db', 'admin')).toBe('admin');
    expect(bottomBarFor('/moderation', 'moderator')).toBe('moderator');
    expect(bottomBarFor('/moderation/reports', 'moderator')).toBe('moderator');
  });

  it("keeps each role's bar where the areas share routes", () => {
    expect(bottomBarFor('/moderation/profiles', 'admin')).toBe('admin');
    expect(bottomBarFor('/admin/user/100012', 'moderator')).toBe('moderator');
    expect(bottomBarFor('/admin/profiles', 'moderator')).toBe('moderator');
  });

  it('stays the user bar for a plain user who opens a staff path', () => {
    expect(bottomBarFor('/moderation', null)).toBe('user');
    expect(bottomBarFor('/admin/stats', null)).toBe('user');
  });
});
