import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { Report } from '../../db/reports/report.entity';
import { startE2E, type E2E } from '../support/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

async function launch(userId: number): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}`);
  return ((await res.json()) as { initData: string }).initData;
}

/** A portrait-like picture, so the review card has something to show. */
async function portrait(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,45%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="300" cy="300" r="110" fill="hsl(${hue},40%,92%)"/><ellipse cx="300" cy="780" rx="230" ry="250" fill="hsl(${hue},40%,92%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A newly onboarded user, through the real API with real initData: three photos and the base profile. */
async function onboardedUser(): Promise<number> {
  const userId = ((await (await fetch(`${e2e.baseUrl}/dev/api/new-user`, { method: 'POST' })).json()) as { id: number }).id;
  const initData = await launch(userId);
  const photos: string[] = [];
  for (const hue of [200, 280, 330]) {
    const form = new FormData();
    form.set('variant', 'profile');
    form.set('file', new Blob([new Uint8Array(await portrait(hue))], { type: 'image/jpeg' }), `photo-${hue}.jpg`);
    const res = await fetch(`${e2e.baseUrl}/api/cdn/images/upload`, {
      method: 'POST',
      headers: { Authorization: `tma ${initData}` },
      body: form,
    });
    photos.push(((await res.json()) as { url: string }).url);
  }
  const now = new Date();
  const birth = `${String(now.getUTCDate()).padStart(2, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear() - 17}`;
  const res = await fetch(`${e2e.baseUrl}/api/profile/submit-base`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData, displayName: 'Соня', birthDate: birth, sex: 'FEMALE', gender: 'BISEXUAL', city: 'Москва', photos }),
  });
  expect(await res.json()).toEqual({ ok: true, status: 'UNDER_REVIEW_BASE' });
  return userId;
}

async function open(userId: number, route: string, size: { width?: number; height?: number } = {}): Promise<Page> {
  const page = await e2e.openAs(userId, { route, ...size });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
  return page;
}

describe('moderation in the panel', () => {
  it("a moderator approves a new user's profile and that user's app moves to the description stage", async () => {
    const userId = await onboardedUser();
    const item = await e2e.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });

    const user = await open(userId, '/');
    await user.getByRole('heading', { name: 'Анкета на модерации' }).waitFor();

    const hub = await open(DEMO_MODERATOR_ID, '/moderation');
    await hub.getByLabel(/^Новые анкеты: [1-9]/).waitFor();
    await e2e.screenshot(hub, 'moderation-01-hub');
    await hub.getByRole('link', { name: /Новые анкеты/ }).click();

    const card = hub.locator(`[data-item-id="${item.id}"]`);
    await card.waitFor();
    await card.getByRole('article', { name: 'Соня, 17' }).waitFor();
    await expect
      .poll(
        () =>
          card
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await card.getByTestId('type-badge').textContent()).toBe('Новый профиль');
    await e2e.screenshot(hub, 'moderation-02-review');
    await card.getByRole('button', { name: 'Одобрить' }).scrollIntoViewIfNeeded();
    await e2e.screenshot(hub, 'moderation-02-review-actions');

    await card.getByRole('button', { name: 'Отклонить' }).click();
    const dialog = hub.getByRole('dialog', { name: 'Отклонить' });
    await dialog.getByLabel('Заблокировать пользователя').waitFor();
    await dialog.getByLabel('Причина').fill('Коротко');
    expect(await dialog.getByRole('button', { name: 'Отклонить' }).isDisabled()).toBe(true);
    await e2e.screenshot(hub, 'moderation-03-reject-dialog');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Одобрить' }).click();
    await card.waitFor({ state: 'detached' });
    await hub.getByText('Одобрено').first().waitFor();
    await e2e.screenshot(hub, 'moderation-04-approved');

    await user.getByRole('button', { name: 'Проверить статус' }).click();
    await user.locator('[data-testid="registration-step"][data-step="DESC"]').waitFor();
    await user.getByText('Анкета одобрена').waitFor();
    await e2e.screenshot(user, 'moderation-05-user-description-stage');

    // The moderator's copy of the bot post now shows the outcome.
    await expect
      .poll(() => e2e.app.telegram!.chatLog(DEMO_MODERATOR_ID).find((m) => m.text?.includes(`заявка #${item.id}`))?.text ?? '')
      .toContain('Решение: Одобрено — @demo_moderator');
    await Promise.all([hub.context().close(), user.context().close()]);
  });

  it('shows the review list and the user list on a wide screen', async () => {
    await onboardedUser();
    const page = await open(DEMO_MODERATOR_ID, '/moderation/profiles?type=INITIAL&status=PENDING', { width: 1280, height: 900 });
    const first = page.locator('[data-item-id]').first();
    await first.waitFor();
    await expect
      .poll(
        () =>
          first
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    await e2e.screenshot(page, 'moderation-06-review-wide');
    await page.goto(page.url().replace(/\/moderation\/profiles[^#]*/, '/moderation/users'));
    await page.getByRole('searchbox', { name: 'Поиск пользователей' }).waitFor();
    await page.getByRole('button', { name: /·/ }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Поиск пользователей' }).fill('@demo_mod');
    const row = page.getByRole('button', { name: /модератор · @demo_moderator · #100002 · Минск/ });
    await row.waitFor();
    await expect
      .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 })
      .toBe(true);
    await e2e.screenshot(page, 'moderation-07-users');
    await page.context().close();
  });

  it('shows an edit as before/after, and a report with the reported card', async () => {
    const userId = await onboardedUser();
    const em = e2e.db.orm.em.fork();
    const initial = await em.findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });
    const moderatorInit = await launch(DEMO_MODERATOR_ID);
    const post = (path: string, body: Record<string, unknown>, method = 'POST') =>
      fetch(`${e2e.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/api/moderation/item/status', {
      initData: moderatorInit,
      itemId: initial.id,
      version: initial.version,
      status: 'APPROVED',
    });
    await post('/api/profile/my', { initData: await launch(userId), displayName: 'Софья', city: 'Казань' }, 'PATCH');
    const page = await open(DEMO_MODERATOR_ID, '/moderation/profiles?type=PROFILE_EDIT,PHOTOS&status=PENDING');
    const diff = page.getByLabel('Изменения', { exact: true }).first();
    await diff.waitFor();
    expect(await diff.textContent()).toContain('Соня → Софья');
    await e2e.screenshot(page, 'moderation-08-edit-diff');

    const fork = e2e.db.orm.em.fork();
    fork.create(Report, {
      reporterId: userId,
      reportedUserId: 100_010,
      reportType: 'PROFILE',
      reason: 'FAKE_PROFILE',
      description: 'Фото взяты из интернета',
    });
    await fork.flush();
    await page.goto(page.url().replace(/\/moderation\/profiles[^#]*/, '/moderation/reports?status=PENDING'));
    const report = page.locator('[data-report-id]').first();
    await report.waitFor();
    await report.getByText('Фейковая анкета').waitFor();
    await expect
      .poll(
        () =>
          report
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    await e2e.screenshot(page, 'moderation-09-report');
    await report.getByRole('button', { name: 'Заблокировать' }).click();
    await page.getByRole('dialog', { name: 'Заблокировать пользователя' }).getByLabel('Причина').fill('Чужие фото');
    await e2e.screenshot(page, 'moderation-10-block-dialog');
    await page.context().close();
  });

  it('keeps the decision buttons on screen while a long review card scrolls at 360×640, and beside the card at 1280×800', async () => {
    const userId = await onboardedUser();
    const item = await e2e.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });
    const route = `/moderation/profiles?type=INITIAL&status=PENDING&itemId=${item.id}`;
    for (const size of [
      { width: 360, height: 640 },
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await open(DEMO_MODERATOR_ID, route, size);
      const card = page.locator(`[data-item-id="${item.id}"]`);
      await card.waitFor();
      await expect
        .poll(
          () =>
            card
              .locator('img')
              .first()
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          { timeout: 20_000 },
        )
        .toBe(true);
      const approve = card.getByRole('toolbar', { name: 'Решение' }).getByRole('button', { name: 'Одобрить' });
      /** Whether the button is inside the viewport and nothing (the bottom bar) covers its middle. */
      const usable = () =>
        approve.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.top >= 0 && box.bottom <= window.innerHeight && !!onTop && button.contains(onTop);
        });
      const cardBox = (await card.boundingBox())!;
      // At 360×640 the card is longer than the screen: without the sticky bar the buttons would be below the fold.
      if (size.height === 640) expect(cardBox.y + cardBox.height).toBeGreaterThan(size.height);
      await expect.poll(usable).toBe(true);
      await e2e.screenshot(page, `moderation-11-sticky-bar-${size.width}x${size.height}-top`);
      // Half-way down the card the bar is still there.
      await page.evaluate((by) => window.scrollBy(0, by), Math.round(cardBox.height / 2));
      await expect.poll(usable).toBe(true);
      await e2e.screenshot(page, `moderation-11-sticky-bar-${size.width}x${size.height}-scrolled`);
      await page.context().close();
    }
  });
});
