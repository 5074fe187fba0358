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

describe('Content-Security-Policy', () => {
  it('refuses nothing the journeys above used', () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
