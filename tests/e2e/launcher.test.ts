import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';

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

describe('Content-Security-Policy', () => {
  it('refuses nothing the journeys above used', () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
