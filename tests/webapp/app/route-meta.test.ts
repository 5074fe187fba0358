import { describe, expect, it } from 'vitest';
import { backTargetFor, bottomBarFor, compactTitleFor, showsBackButton, titleForPath } from '../../../webapp/app/route-meta';

describe('header titles', () => {
  it.each([
    ['/profile', 'Профиль'],
    ['/my-profile', 'Моя анкета'],
    ['/help', 'Справка'],
    ['/privacy', 'Приватность'],
    ['/blocked', 'Доступ ограничен'],
    ['/blacklist', 'Чёрный список'],
    ['/likes-history', 'История лайков'],
    ['/theme', 'Оформление'],
    ['/archive', 'Архив'],
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

describe('compact title on a phone', () => {
  it.each([
    ['/privacy', 'Приватность'],
    ['/my-profile', 'Моя анкета'],
    ['/likes-history', 'История лайков'],
    ['/admin/users', 'Админ-панель'],
    ['/moderation', 'Модерация'],
  ])('%s has the compact title %s', (path, title) => expect(compactTitleFor(path)).toBe(title));
  // Telegram's title bar names the app there; a conversation has its own header.
  it.each(['/explore', '/likes', '/chat', '/profile', '/messages/42', '/u/5'])('%s has none', (path) =>
    expect(compactTitleFor(path)).toBeNull(),
  );
});

describe("Telegram's back button", () => {
  it.each([
    '/u/5',
    '/u/by-chat/abc',
    '/my-profile',
    '/help',
    '/privacy',
    '/blacklist',
    '/likes-history',
    '/notifications',
    '/about-position',
    '/theme',
    '/archive',
    '/admin/user/100012',
    '/messages/1',
    '/admin/stats',
    '/admin/users',
    '/moderation',
    '/moderation/profiles',
    '/search-settings',
  ])('is shown on %s', (path) => expect(showsBackButton(path)).toBe(true));
  it.each(['/explore', '/chat', '/likes', '/profile'])('is not shown on the bottom-bar root %s', (path) =>
    expect(showsBackButton(path)).toBe(false),
  );

  it.each([
    ['/messages/1', '/chat'],
    ['/archive', '/chat'],
    ['/likes-history', '/likes'],
    ['/privacy', '/profile'],
    ['/admin/user/100012', '/admin/users'],
    ['/admin/stats', '/profile'],
    ['/moderation/reports', '/moderation'],
    ['/moderation', '/profile'],
    ['/u/7', '/explore'],
  ])('leads from %s opened on a deep link to %s', (path, target) => expect(backTargetFor(path)).toBe(target));
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
