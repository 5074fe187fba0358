import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screeningStatsSchema } from '../../contracts/admin/stats';
import { DEMO_ADMIN_ID, DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { startE2E, type E2E } from '../support/e2e';
import { initDataOf, matchUsers, sendPhotoOverHttp } from '../support/e2e-chat';
import { markerClassifier, markerImage, type Marker } from '../support/screening-double';

let e2e: E2E;
beforeAll(async () => {
  // The marker double: a pure yellow photo is borderline (Sexy 0.8), a pure red one explicit (Porn 0.97).
  e2e = await startE2E({}, { classifier: markerClassifier() });
});
afterAll(() => e2e?.stop());

// Demo users 100010 (13) and 100012 (15): a chat between minors, where an explicit photo is refused.
const A = 100_010;
const B = 100_012;
const EDITOR = 100_013;
// Demo users 100011 (14) and 100017 (13): the second test's own chat between minors, for the stats.
const C = 100_011;
const D = 100_017;
const WARNING = 'Фото может быть откровенным';
const REFUSED = 'Фото не отправлено: оно похоже на откровенное';

async function sendPhoto(page: Page, marker: Marker): Promise<void> {
  const buffer = await markerImage(marker, 'jpeg', { width: 900, height: 700 });
  await page.getByTestId('attach-input').setInputFiles({ name: `${marker}.jpg`, mimeType: 'image/jpeg', buffer });
  await page.getByRole('dialog', { name: 'Отправка фото' }).getByRole('button', { name: 'Отправить' }).click();
}

/** How each received photo is drawn: its CSS filter and whether it is marked sensitive, in list order. */
const photosOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="message-list"] img[alt="Фото"]'), (img) => ({
      filter: getComputedStyle(img).filter,
      sensitive: img.dataset.sensitive === 'true',
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );

const blurOf = (filter: string) => Number(/blur\((\d+(?:\.\d+)?)px\)/.exec(filter)?.[1] ?? 0);

const today = () => new Date().toISOString().slice(0, 10);

/** Today's screening counts (refused, flagged, warned, flagged by the face check) as GET /api/stats/screening gives them to the admin. */
async function screenedToday(): Promise<number[]> {
  const res = await fetch(`${e2e.baseUrl}/api/stats/screening?days=1`, {
    headers: { Authorization: `tma ${await initDataOf(e2e, DEMO_ADMIN_ID)}` },
  });
  const { screening } = screeningStatsSchema.parse(await res.json());
  const day = screening.find((d) => d.day === today());
  return [day?.refused ?? 0, day?.flagged ?? 0, day?.warned ?? 0, day?.ageFlagged ?? 0];
}

describe('chat photos screened on the server', () => {
  it('delivers a borderline photo veiled with a warning, and refuses an explicit one before it reaches the peer', async () => {
    const chatId = await matchUsers(e2e, A, B);
    const pageA = await e2e.openAs(A, { route: `/messages/${chatId}` });
    const pageB = await e2e.openAs(B, { route: `/messages/${chatId}` });
    const listA = pageA.getByTestId('message-list');
    const listB = pageB.getByTestId('message-list');
    const photosB = listB.getByAltText('Фото');
    await expect.poll(() => listB.count(), { timeout: 15_000 }).toBe(1);

    // An everyday photo first: the ordinary blur to compare with.
    await sendPhoto(pageA, 'clean');
    await expect.poll(() => photosB.count(), { timeout: 15_000 }).toBe(1);
    await sendPhoto(pageA, 'borderline');
    await expect.poll(() => photosB.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => listB.getByText(WARNING).count()).toBe(1);
    await pageB.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[alt="Фото"]')).every((img) => img.complete && img.naturalWidth > 0),
    );
    const [plain, warned] = await photosOf(pageB);
    expect(plain?.sensitive).toBe(false);
    expect(warned?.sensitive).toBe(true);
    expect(blurOf(warned!.filter)).toBeGreaterThan(blurOf(plain!.filter));
    expect(blurOf(plain!.filter)).toBeGreaterThan(0);
    // The warning stands before the flagged photo's 'Показать'.
    const cover = listB.locator('li', { has: pageB.getByText(WARNING) });
    expect(await cover.getByRole('button', { name: 'Показать' }).count()).toBe(1);
    expect(await cover.locator('img[data-sensitive="true"]').count()).toBe(1);
    await e2e.screenshot(pageB, 'screening-chat-warned-photo');

    // Its sender sees it as sent, with the note.
    await expect.poll(() => listA.getByText('Собеседник увидит предупреждение').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => listA.getByLabel('Отправляется').count(), { timeout: 15_000 }).toBe(0);
    await e2e.screenshot(pageA, 'screening-chat-sender-note');

    // 'Показать' shows it as usual.
    await cover.getByRole('button', { name: 'Показать' }).click();
    await expect.poll(() => listB.getByText(WARNING).count()).toBe(0);
    expect(blurOf((await photosOf(pageB))[1]!.filter)).toBe(0);

    // An explicit photo: the upload is refused, the sender is told, and nothing is stored.
    const upload = pageA.waitForResponse((res) => res.url().includes('/api/cdn/images/upload') && res.request().method() === 'POST');
    await sendPhoto(pageA, 'explicit');
    const answer = await upload;
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe('PHOTO_REFUSED');
    await expect.poll(() => listA.getByText(REFUSED).count(), { timeout: 15_000 }).toBe(1);
    expect(await listA.getByRole('button', { name: /Не отправлено/ }).count()).toBe(0);
    await e2e.screenshot(pageA, 'screening-chat-refused');

    // A text sent after the refusal arrives; messages come in order, so a delivered photo would be there before it.
    await pageA.getByLabel('Сообщение').fill('Ладно, в другой раз');
    await pageA.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => listB.getByText('Ладно, в другой раз').count(), { timeout: 15_000 }).toBe(1);
    expect(await photosB.count()).toBe(2);
    expect(await listB.getByText(REFUSED).count()).toBe(0);
    // Also after a reload, from the server's history.
    await pageB.reload();
    await expect.poll(() => pageB.getByTestId('message-list').getByText('Ладно, в другой раз').count(), { timeout: 15_000 }).toBe(1);
    expect(await pageB.getByTestId('message-list').getByAltText('Фото').count()).toBe(2);
    await Promise.all([pageA.context().close(), pageB.context().close()]);
  });

  it('refuses an explicit profile photo at its slot, flags a borderline one on the moderation card, and counts both in the stats', async () => {
    // What the stats count besides this test's profile photos: a chat photo refused and one warned, in a chat of its own.
    const screenedBefore = await screenedToday();
    const chatId = await matchUsers(e2e, C, D);
    expect(await sendPhotoOverHttp(e2e, C, chatId, await markerImage('explicit', 'jpeg', { width: 900, height: 700 }))).toBe(400);
    expect(await sendPhotoOverHttp(e2e, C, chatId, await markerImage('borderline', 'jpeg', { width: 900, height: 700 }))).toBe(200);

    const page = await e2e.openAs(EDITOR, { route: '/profile' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('link', { name: 'Моя анкета' }).click();
    await page.getByTestId('edit-photos').click();
    const sheet = page.getByRole('dialog', { name: 'Фото' });
    const slots = sheet.getByTestId('photo-slot');
    await slots.first().waitFor();
    const replace = async (n: number, marker: Marker) => {
      await sheet.getByRole('button', { name: `Заменить фото ${n}` }).click();
      const buffer = await markerImage(marker, 'jpeg', { width: 900, height: 1200 });
      await sheet.getByTestId('photo-file').setInputFiles({ name: `${marker}.jpg`, mimeType: 'image/jpeg', buffer });
    };
    const before = await slots.nth(0).getAttribute('data-url');

    await replace(1, 'explicit');
    await expect
      .poll(() => slots.nth(0).getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Фото не прошло проверку: загрузите другое');
    expect(await slots.nth(0).getAttribute('data-url')).toBe(before);
    await e2e.screenshot(page, 'screening-profile-photo-refused');

    await replace(2, 'borderline');
    await expect.poll(() => page.getByText('Фото заменено!').count(), { timeout: 15_000 }).toBe(1);
    await sheet.getByRole('button', { name: 'Сохранить' }).click();
    await sheet.waitFor({ state: 'detached', timeout: 15_000 });
    await page.context().close();

    const moderator = await e2e.openAs(DEMO_MODERATOR_ID, { route: '/moderation/profiles?type=PROFILE_EDIT,PHOTOS&status=PENDING' });
    const card = moderator.locator('article[data-needs-photo-check="true"]');
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    expect(await card.getByTestId('check-badge').textContent()).toBe('Проверьте фото');
    const flagged = card.getByRole('region', { name: 'Проверьте фото' }).getByRole('listitem');
    expect(await flagged.count()).toBe(1);
    expect(await flagged.textContent()).toContain('Фото 2 · Проверьте фото');
    expect(await flagged.textContent()).toMatch(/^.*Sexy 80% · Neutral 12% · Porn 5%/);
    await card.scrollIntoViewIfNeeded();
    await e2e.screenshot(moderator, 'screening-moderation-card');
    await moderator.context().close();

    const admin = await e2e.openAs(DEMO_ADMIN_ID, { route: '/admin/stats' });
    const days = admin.getByRole('region', { name: 'Проверка фото по дням' });
    await days.waitFor({ timeout: 20_000 });
    const row = days.locator('tbody tr', { has: admin.locator(`time[datetime="${today()}"]`) });
    const counts = (await row.locator('td').allTextContents()).map(Number);
    // This test's refusals (a chat photo, a profile photo), the flagged profile photo, the warned chat photo.
    expect(counts).toEqual([screenedBefore[0]! + 2, screenedBefore[1]! + 1, screenedBefore[2]! + 1, screenedBefore[3]!]);
    await days.scrollIntoViewIfNeeded();
    await e2e.screenshot(admin, 'screening-admin-stats');
    await admin.context().close();
  });
});
