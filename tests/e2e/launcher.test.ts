import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, startE2E, type E2E } from '../support/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

describe('/dev launcher', () => {
  it('lists the demo users and opens the mini app as one of them with validated launch data', async () => {
    const page = await e2e.openLauncher();
    const users = page.locator('#users .user');
    await expect.poll(() => users.count()).toBeGreaterThanOrEqual(42);
    await expect.poll(() => page.locator('#users').textContent()).toContain('ADMIN');

    const validated = page.waitForResponse((r) => r.url().endsWith('/api/telegram/validate'));
    await page.locator('#users .user[data-user-id="100010"]').click();
    const response = await validated;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { ok: boolean; user: { id: number } };
    expect(body).toMatchObject({ ok: true, user: { id: 100010 } });
    await e2e.screenshot(page, 'launcher');
    await page.context().close();
  });

  it('shows the bot chat of the chosen user with the /start reply and its web-app button', async () => {
    const page = await e2e.openLauncher();
    await page.locator('#users .user[data-user-id="100011"]').click();
    await page.locator('#send button[type="submit"]').click();
    await expect.poll(() => page.locator('#chat .msg.bot').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.locator('#chat .msg.bot .kb button').first().textContent()).toBe('Открыть приложение');
    await page.context().close();
  });
});

describe('the region of /start WORLD', () => {
  it("reaches the mini app through the web-app button's URL: the city search shows world places first", async () => {
    const page = await e2e.openLauncher();
    await page.locator('#users .user[data-user-id="100012"]').click();
    await page.locator('#text').fill('/start WORLD');
    await page.locator('#send button[type="submit"]').click();
    const button = page.locator('#chat .msg.bot .kb button', { hasText: 'Открыть приложение' });
    await expect.poll(() => button.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await button.last().click();
    await expect.poll(() => page.locator('#app').getAttribute('src')).toMatch(/^\/\?region=WORLD#/);

    const app = page.frameLocator('#app');
    await app.getByRole('link', { name: 'Профиль' }).first().click();
    await app.getByRole('link', { name: 'Моя анкета' }).click();
    await app.getByTestId('edit-city').click();
    const searched = page.waitForRequest((r) => r.url().includes('/api/places/search') && new URL(r.url()).searchParams.get('q') === 'Кра');
    await app.getByRole('textbox', { name: 'Город' }).fill('Кра');
    expect(new URL((await searched).url()).searchParams.get('region')).toBe('WORLD');
    await expect
      .poll(() => app.getByRole('list', { name: 'Найденные города' }).getByRole('button').first().textContent())
      .toContain('Краков');
    await e2e.screenshot(page, 'launcher-region-world');
    await page.context().close();
  });

  it('the launcher opens a user with either region as the start_param of a direct link', async () => {
    const page = await e2e.openLauncher();
    const frameSrc = () => page.locator('#app').getAttribute('src');
    await page.locator('#region').selectOption('WORLD');
    await page.locator('#users .user[data-user-id="100013"]').click();
    await expect.poll(frameSrc).toContain('tgWebAppStartParam=WORLD');
    await page.locator('#region').selectOption('RU_BY');
    await expect.poll(frameSrc).toContain('tgWebAppStartParam=RU_BY');
    await page.context().close();
  });
});

/** The mini app's frame once the app has loaded, with what Telegram (the launcher) told it collected in `heard`. */
async function openedApp(page: Page, userId: number): Promise<Frame> {
  const validated = page.waitForResponse((r) => r.url().endsWith('/api/telegram/validate'));
  await page.locator(`#users .user[data-user-id="${userId}"]`).click();
  await validated;
  const app = await (await page.locator('#app').elementHandle())?.contentFrame();
  if (!app) throw new Error('no mini app frame');
  await app.evaluate(() => {
    const heard: unknown[] = [];
    Object.assign(window, { heard });
    window.addEventListener('message', (event) => {
      if (event.source === window.parent && typeof event.data === 'string') heard.push(JSON.parse(event.data));
    });
  });
  return app;
}

/** The app asks Telegram for something, as the SDK's postEvent does on the web. */
const ask = (app: Frame, eventType: string, eventData: unknown) =>
  app.evaluate(([type, data]) => window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), location.origin), [
    eventType,
    eventData,
  ] as const);

/** Resolves once Telegram has told the app that event with that data. */
const told = (app: Frame, eventType: string, eventData: unknown) =>
  app.waitForFunction(
    ([type, data]) =>
      (window as unknown as { heard: Array<{ eventType: string; eventData: unknown }> }).heard.some(
        (e) => e.eventType === type && JSON.stringify(e.eventData) === JSON.stringify(data),
      ),
    [eventType, eventData] as const,
  );

describe("the launcher's Telegram stand-in", () => {
  it("asks 'Разрешить сообщения?' for write access and answers the app with the person's choice", async () => {
    const page = await e2e.openLauncher();
    const app = await openedApp(page, 100014);
    const popup = page.getByRole('dialog', { name: 'Всплывающее окно Telegram' });
    await ask(app, 'web_app_request_write_access', {});
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.locator('#tg-popup-title').textContent()).toBe('Разрешить сообщения?');
    await popup.getByRole('button', { name: 'Разрешить' }).click();
    await told(app, 'write_access_requested', { status: 'allowed' });
    expect(await popup.isVisible()).toBe(false);

    await ask(app, 'web_app_request_write_access', {});
    await popup.getByRole('button', { name: 'Отмена' }).click();
    await told(app, 'write_access_requested', { status: 'cancelled' });
    await page.context().close();
  });

  it("draws the app's pop-up with Telegram's words for its buttons and gives back the pressed button's id", async () => {
    const page = await e2e.openLauncher();
    const app = await openedApp(page, 100015);
    const popup = page.getByRole('dialog', { name: 'Всплывающее окно Telegram' });
    await ask(app, 'web_app_open_popup', {
      title: 'Удалить чат?',
      message: 'Переписка пропадёт у обоих.',
      buttons: [
        { id: 'delete', type: 'destructive', text: 'Удалить' },
        { id: 'keep', type: 'cancel' },
      ],
    });
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.locator('#tg-popup-message').textContent()).toBe('Переписка пропадёт у обоих.');
    expect(await popup.getByRole('button').allTextContents()).toEqual(['Удалить', 'Отмена']);
    expect(await popup.getByRole('button', { name: 'Удалить' }).getAttribute('class')).toBe('destructive');
    await popup.getByRole('button', { name: 'Отмена' }).click();
    await told(app, 'popup_closed', { button_id: 'keep' });
    await page.context().close();
  });
});

describe("Telegram's Back on a pop-up (issue 40 item 2)", () => {
  it('on a tab, an open sheet takes Back: it closes the sheet, the app stays open, and the tab has no Back again', async () => {
    const page = await e2e.openLauncher({ width: 1000, height: 900 });
    const app = await openedApp(page, 100014);
    const back = page.locator('#tg-back');
    await app.locator('article[data-user-id]').first().waitFor({ timeout: 15_000 });
    expect(await back.isHidden()).toBe(true);
    await app.getByRole('button', { name: 'Пожаловаться' }).first().click();
    const sheet = app.getByRole('dialog', { name: 'Пожаловаться' });
    await sheet.waitFor();
    await back.waitFor();
    await page.locator('#phone').screenshot({ path: path.join(SCREENSHOT_DIR, 'launcher-back-closes-sheet.png') });
    await back.click();
    await sheet.waitFor({ state: 'detached' });
    await back.waitFor({ state: 'hidden' });
    expect(await app.locator('article[data-user-id]').count()).toBeGreaterThan(0);
    expect(await page.getByText('Приложение закрыто').isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('Content-Security-Policy', () => {
  it('refuses nothing the journeys above used', () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
