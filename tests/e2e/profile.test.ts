import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { introduce } from '../support/factories';

// Demo users: 100012 is 15, 100013 is 16 — one age band, both approved with three photos.
const EDITOR = 100_012;
const PEER = 100_013;
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

async function open(route: string): Promise<Page> {
  const page = await e2e.openAs(EDITOR, { route });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor({ timeout: 20_000 });
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
const slotUrls = (sheet: Locator) =>
  sheet.getByTestId('photo-slot').evaluateAll((slots) => slots.map((s) => (s as HTMLElement).dataset.url));
const shot = (page: Page, name: string) => e2e.screenshot(page, `profile-${name}`);

/** Drags one tile onto another with real mouse moves (dnd-kit starts after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 3);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 3, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 3, { steps: 16 });
  await page.mouse.up();
}

async function pendingItems(): Promise<Array<{ type: string; payload: Record<string, unknown> }>> {
  const em = e2e.db.orm.em.fork();
  return (await em
    .getConnection()
    .execute(`SELECT type, payload FROM moderation_items WHERE user_id = ? AND status = 'PENDING' ORDER BY type`, [EDITOR])) as never;
}

describe('own and peer profiles in Chromium', () => {
  it('edits the bio and swaps two photos by drag, both sent to moderation', async () => {
    const page = await open('/profile');
    await page.getByTestId('profile-name').waitFor();
    await shot(page, '01-menu');

    await page.getByRole('link', { name: 'Моя анкета' }).click();
    const card = page.getByRole('article');
    await card.waitFor();
    await expect
      .poll(
        () =>
          card
            .locator('img')
            .first()
            .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, '02-my-profile');

    await page.getByTestId('edit-bio').click();
    const bioSheet = page.getByRole('dialog', { name: 'О себе' });
    await bioSheet.getByRole('textbox').fill('Люблю настолки, джаз и длинные прогулки по набережной.');
    await shot(page, '03-bio-sheet');
    await bioSheet.getByRole('button', { name: 'Сохранить' }).click();
    await toast(page, 'Изменения отправлены на модерацию');
    await bioSheet.waitFor({ state: 'detached' });
    await page.getByText('Изменения на модерации').waitFor();
    // Tapping a toast dismisses it: the photo save below must bring its own.
    await page.getByText('Изменения отправлены на модерацию').click();
    await page.getByText('Изменения отправлены на модерацию').waitFor({ state: 'detached' });

    await page.getByTestId('edit-photos').click();
    const photos = page.getByRole('dialog', { name: 'Фото' });
    await photos.getByTestId('photo-slot').first().waitFor();
    const before = await slotUrls(photos);
    expect(before).toHaveLength(3);
    await expect.poll(() => photos.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
    await shot(page, '04-photos-sheet');
    await drag(page, photos.getByTestId('photo-slot').nth(0), photos.getByTestId('photo-slot').nth(1));
    await expect.poll(() => slotUrls(photos)).toEqual([before[1], before[0], before[2]]);
    await shot(page, '05-photos-swapped');
    await photos.getByRole('button', { name: 'Сохранить' }).click();
    await toast(page, 'Изменения отправлены на модерацию');
    await photos.waitFor({ state: 'detached' });
    await shot(page, '06-queued');

    const items = await pendingItems();
    expect(items.map((i) => i.type)).toEqual(['PHOTOS', 'PROFILE_EDIT']);
    const idOf = (url: string | undefined) => url?.split('/')[3];
    expect(items[0]!.payload.photos).toEqual([idOf(before[1]), idOf(before[0]), idOf(before[2])]);
    expect((items[1]!.payload.changes as Record<string, unknown>).bio).toBe('Люблю настолки, джаз и длинные прогулки по набережной.');
    // The public profile is unchanged until a moderator approves.
    const [profile] = (await e2e.db.orm.em
      .fork()
      .getConnection()
      .execute('SELECT bio FROM profiles WHERE user_telegram_id = ?', [EDITOR])) as Array<{ bio: string }>;
    expect(profile!.bio).not.toContain('настолки');
    await page.context().close();
  });

  it('blocks a peer from their profile and unblocks them from the blacklist', async () => {
    // The feed served the peer's card to the editor (AMENDMENTS §5.1): only then does their profile open by id.
    await introduce(e2e.db.orm.em.fork(), EDITOR, PEER);
    const page = await open(`/u/${PEER}`);
    const card = page.getByRole('article');
    await card.waitFor();
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
    const name = (await card.getAttribute('aria-label'))!.split(',')[0]!;
    await shot(page, '07-peer');

    await page.getByRole('button', { name: 'Пожаловаться' }).click();
    await page.getByRole('dialog', { name: 'Пожаловаться' }).waitFor();
    await shot(page, '08-report-dialog');
    await page.getByRole('dialog', { name: 'Пожаловаться' }).getByRole('button', { name: 'Отмена' }).click();

    await page.getByRole('button', { name: 'Заблокировать' }).click();
    const confirm = page.getByRole('alertdialog');
    await shot(page, '09-block-confirm');
    await confirm.getByRole('button', { name: 'Заблокировать' }).click();
    await toast(page, 'Пользователь заблокирован');
    await page.getByRole('button', { name: 'Чёрный список' }).click();

    const row = page.getByTestId('blacklist-row');
    await row.waitFor();
    expect(await row.textContent()).toContain(name);
    await shot(page, '10-blacklist');
    await row.getByRole('button', { name: 'Разблокировать' }).click();
    await toast(page, 'Пользователь разблокирован');
    await page.getByText('Чёрный список пуст').waitFor();
    await shot(page, '11-blacklist-empty');
    await page.context().close();
  });

  it('shows privacy, notifications, theme, help and our position', async () => {
    const page = await open('/privacy');
    await page.getByTestId('auto-delete-toggle').click();
    await page.getByRole('radiogroup').waitFor();
    await shot(page, '12-privacy');
    await page.goto(`${e2e.baseUrl}/notifications`);
    await page.getByRole('checkbox').first().waitFor();
    await shot(page, '13-notifications');
    await page.goto(`${e2e.baseUrl}/theme`);
    await page.locator('label', { hasText: 'Тёмная' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themeMode)).toBe('dark');
    await shot(page, '14-theme-dark');
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByTestId('profile-name').waitFor();
    // Remembered across a reload.
    expect(await page.evaluate(() => document.documentElement.dataset.themeMode)).toBe('dark');
    await shot(page, '15-menu-dark');
    // The main approved profile photo, not a letter (issue 40 item 7).
    await page.getByText('Используется фото анкеты').waitFor();
    expect(await page.locator('header img').getAttribute('src')).toMatch(/^\/cdn\/images\/[a-f0-9]{24}\/profile/);
    // A 3:4 profile photo fills the round avatar, not an oval below it.
    const avatar = await page.locator('header img').boundingBox();
    expect([Math.round(avatar!.width), Math.round(avatar!.height)]).toEqual([96, 96]);
    await page.getByRole('button', { name: 'Сменить аватар' }).click();
    await page.getByRole('menu', { name: 'Аватар' }).waitFor();
    await shot(page, '15b-avatar-menu');
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/help`);
    await page.getByText('Важно знать').waitFor();
    await shot(page, '16-help');
    await page.goto(`${e2e.baseUrl}/about-position`);
    await page.getByRole('heading', { name: 'Мы против войны' }).waitFor();
    await shot(page, '17-about-position');
    await page.context().close();
  });

  it('gives the profile menu side quick actions and an info box on a wide screen', async () => {
    const page = await e2e.openAs(EDITOR, { route: '/profile', width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('complementary', { name: 'Быстрые действия' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('complementary').getByRole('link').allTextContents()).toEqual([
      'Смотреть анкеты',
      'Кто меня лайкнул',
      'Сообщения',
      'История лайков',
    ]);
    await shot(page, '18-menu-wide');
    await page.context().close();
  });
});
