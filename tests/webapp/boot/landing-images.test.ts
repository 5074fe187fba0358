import { describe, expect, it } from 'vitest';
import { avatarsIn } from '../../../webapp/boot/landing-images';

// What the page's inline script preloads for a launch into the chat list or a chat (webapp/boot/landing-images.ts).
describe('the avatars of a landing chat answer', () => {
  it("are the chat list's first rows' photos, not a closed chat's (it draws a lock) nor another origin's", () => {
    const items = [
      { avatarUrl: '/cdn/images/a/profile', readOnly: false },
      { avatarUrl: '/cdn/images/b/profile', readOnly: true },
      { avatarUrl: null, readOnly: false },
      { avatarUrl: 'https://tracker.example/x.png', readOnly: false },
      { avatarUrl: '//tracker.example/x.png', readOnly: false },
      ...Array.from({ length: 20 }, (_, i) => ({ avatarUrl: `/cdn/images/r${i}/profile`, readOnly: false })),
    ];
    expect(avatarsIn({ ok: true, items })).toEqual(['/cdn/images/a/profile', ...[0, 1, 2, 3, 4].map((i) => `/cdn/images/r${i}/profile`)]);
  });

  it("is a chat's peer photo, unless the chat is closed", () => {
    expect(avatarsIn({ ok: true, chatId: 'c', avatarUrl: '/cdn/images/p/profile', readOnly: false })).toEqual(['/cdn/images/p/profile']);
    expect(avatarsIn({ ok: true, chatId: 'c', avatarUrl: '/cdn/images/p/profile', readOnly: true })).toEqual([]);
    expect(avatarsIn(null)).toEqual([]);
  });
});
