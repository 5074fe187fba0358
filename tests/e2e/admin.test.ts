import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_ID } from '../../db/demo/demo-people';
import { UserSettings } from '../../db/privacy/user-settings.entity';
import { startE2E, type E2E } from '../support/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const USER_ID = 100_012;
const SETTINGS_USER_ID = 100_013;
const REASON = 'Спам в личных сообщениях';

async function open(userId: number, route: string, size: { width?: number; height?: number } = {}): Promise<Page> {
  const page = await e2e.openAs(userId, { route, ...size });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
  return page;
}

/** Another admin route in the same launched app (the launch data stays in the hash). */
const goTo = (page: Page, route: string) => page.goto(page.url().replace(/\/admin\/[^#]*/, route));

/** The dialog that asks before an action is sent. */
async function confirm(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('administration in the panel', () => {
  it("an admin bans a user, whose open app shows 'Доступ ограничен' at once (its socket is closed), then unbans them", async () => {
    const user = await open(USER_ID, '/profile');
    const nav = user.getByRole('navigation', { name: 'Основная навигация' });
    await nav.waitFor();

    const admin = await open(DEMO_ADMIN_ID, `/admin/user/${USER_ID}`);
    await admin.getByTestId('action-ban').waitFor();
    await admin.getByTestId('profile-city').waitFor();
    await e2e.screenshot(admin, 'admin-01-user-detail');

    await admin.getByTestId('action-ban').click();
    const sheet = admin.getByRole('dialog', { name: 'Заблокировать' });
    await sheet.getByPlaceholder('От 20 до 500 символов').fill(REASON);
    await e2e.screenshot(admin, 'admin-02-ban-sheet');
    await sheet.getByRole('button', { name: 'Заблокировать' }).click();
    await admin.getByRole('alertdialog').getByText(`Причина: ${REASON}`).waitFor();
    await e2e.screenshot(admin, 'admin-03-ban-confirm');
    await confirm(admin, 'Заблокировать');
    await admin.getByTestId('action-unban').waitFor();
    await admin.getByText('Пользователь заблокирован').waitFor();
    expect(await admin.getByText('Причина блокировки').locator('xpath=ancestor::li').textContent()).toContain(REASON);
    await admin.getByRole('region', { name: 'История' }).getByText('Заблокирован', { exact: true }).waitFor();
    await e2e.screenshot(admin, 'admin-04-banned');

    // The user's app, opened before the ban, switches by itself: the ban closes its socket (4003) and one call says why.
    await user.getByRole('heading', { name: 'Доступ ограничен' }).waitFor({ timeout: 10_000 });
    await user.getByText(REASON).waitFor();
    await e2e.screenshot(user, 'admin-05-user-banned');

    await admin.getByTestId('action-unban').click();
    await confirm(admin, 'Разблокировать');
    await admin.getByTestId('action-ban').waitFor();

    await user.reload();
    await user.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
    await user.getByRole('link', { name: 'Приватность' }).waitFor();
    expect(await user.getByRole('heading', { name: 'Доступ ограничен' }).count()).toBe(0);
    await Promise.all([admin.context().close(), user.context().close()]);
  });

  it('an admin edits a cell in the database browser and the value stays after a reload', async () => {
    // A settings row to edit (none exists until a user changes a setting).
    const fork = e2e.db.orm.em.fork();
    if (!(await fork.findOne(UserSettings, { user: SETTINGS_USER_ID }))) fork.create(UserSettings, { user: SETTINGS_USER_ID });
    await fork.flush();
    const page = await open(DEMO_ADMIN_ID, '/admin/db', { width: 1280, height: 900 });
    const grid = page.getByRole('table');
    await grid.waitFor();
    const firstRow = grid.locator('tbody tr').first();
    const key = (await firstRow.locator('td').first().textContent())!;
    await e2e.screenshot(page, 'admin-06-db-wide');

    const rowByKey = () => grid.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${key}$`) }) });
    const city = () => rowByKey().locator('td[data-column="city"]');
    await city().getByRole('button').click();
    const input = city().getByRole('textbox');
    await input.fill('Тверь');
    await e2e.screenshot(page, 'admin-07-db-editing');
    const saved = page.waitForResponse((r) => r.url().includes('/api/admin-db/update'));
    await input.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => city().textContent()).toBe('Тверь');

    await page.reload();
    await grid.waitFor();
    await expect.poll(() => city().textContent(), { timeout: 10_000 }).toBe('Тверь');

    // A boolean through the checkbox editor, in another table.
    await page
      .getByRole('button', { name: /^UserSettings/ })
      .first()
      .click();
    await page.waitForURL(/model=UserSettings/);
    const settingsRow = () =>
      grid.locator('tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${SETTINGS_USER_ID}$`) }) });
    const flag = settingsRow().locator('td[data-column="notifyLikes"]');
    await flag.waitFor();
    const before = (await flag.textContent()) === 'да';
    await flag.getByRole('button').click();
    await flag.getByRole('checkbox').click();
    const flagSaved = page.waitForResponse((r) => r.url().includes('/api/admin-db/update'));
    await flag.getByRole('checkbox').press('Enter');
    expect((await flagSaved).status()).toBe(200);
    await expect.poll(() => flag.textContent()).toBe(before ? 'нет' : 'да');
    await page.reload();
    await expect.poll(() => flag.textContent(), { timeout: 10_000 }).toBe(before ? 'нет' : 'да');
    expect((await e2e.db.orm.em.fork().findOneOrFail(UserSettings, { user: SETTINGS_USER_ID })).notifyLikes).toBe(!before);
    await page.context().close();
  });

  it('shows statistics, the user detail and the database on a phone and on a wide screen', async () => {
    const wide = await open(DEMO_ADMIN_ID, '/admin/stats', { width: 1280, height: 900 });
    await wide.getByRole('list', { name: 'Пользователи' }).waitFor();
    await wide.locator('canvas').nth(1).waitFor();
    await e2e.screenshot(wide, 'admin-08-stats-wide');
    await goTo(wide, `/admin/user/${USER_ID}`);
    await wide.getByTestId('profile-city').waitFor();
    // A custom avatar from an image file: uploaded with variant avatar, then set on the account.
    const face = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#7aa7ff' } })
      .png()
      .toBuffer();
    await wide.getByLabel('Файл аватара').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: face });
    await wide.getByText('Аватар обновлён').waitFor();
    const avatar = wide.locator('header img[src*="/cdn/images/"]');
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 })
      .toBe(true);
    await wide.getByRole('button', { name: 'Вернуть фото Telegram' }).waitFor();
    await e2e.screenshot(wide, 'admin-09-user-wide');

    const phone = await open(DEMO_ADMIN_ID, '/admin/stats');
    await phone.locator('canvas').nth(1).waitFor();
    await e2e.screenshot(phone, 'admin-10-stats-phone');
    await goTo(phone, `/admin/user/${USER_ID}`);
    await phone.getByRole('region', { name: 'История' }).getByTestId('history-entry').first().scrollIntoViewIfNeeded();
    await e2e.screenshot(phone, 'admin-10b-user-history-phone');
    await phone.getByTestId('profile-bio').click();
    const sheet = phone.getByRole('dialog', { name: 'О себе' });
    await sheet.getByRole('textbox').waitFor();
    await e2e.screenshot(phone, 'admin-10c-field-sheet-phone');
    await sheet.getByRole('button', { name: 'Отмена' }).click();
    await sheet.waitFor({ state: 'detached' });
    await goTo(phone, '/admin/db');
    await phone.getByRole('table').waitFor();
    await e2e.screenshot(phone, 'admin-11-db-phone');
    await phone.getByRole('button', { name: 'Таблицы' }).click();
    await phone.getByRole('dialog', { name: 'Таблицы' }).waitFor();
    await e2e.screenshot(phone, 'admin-12-db-tables-phone');
    await Promise.all([wide.context().close(), phone.context().close()]);
  });
});
