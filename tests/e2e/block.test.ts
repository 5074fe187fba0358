import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { swipeToEnd } from '../support/e2e-explore';

// A demo user: 15, in a band with several others (age = 13 + ((id - 100010) % 7)).
const VIEWER = 100_012;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const card = (page: Page) => page.locator('article[data-user-id]');

describe('blocking from the explore card', () => {
  it('asks to confirm, removes the card at once, and the person never comes back', async () => {
    const page = await e2e.openAs(VIEWER, { route: '/explore' });
    await card(page).waitFor();
    const blocked = (await card(page).getAttribute('data-user-id')) ?? '';
    expect(blocked).not.toBe('');

    await card(page).getByRole('button', { name: 'Заблокировать' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Заблокировать пользователя?').waitFor();
    await e2e.screenshot(page, 'explore-block-confirm');
    await confirm.getByRole('button', { name: 'Заблокировать' }).click();
    await page.getByRole('status').filter({ hasText: 'Пользователь заблокирован' }).waitFor();
    await page.waitForFunction((id) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== id, blocked);

    // The whole rest of the feed goes by without them, and so does a fresh start of the app.
    const rest = await swipeToEnd(page);
    expect(rest.length).toBeGreaterThan(3);
    expect(rest).not.toContain(blocked);
    await page.reload();
    expect(await swipeToEnd(page)).not.toContain(blocked);

    await page.goto(`${e2e.baseUrl}/blacklist${new URL(page.url()).hash}`);
    await page.getByTestId('blacklist-row').first().waitFor();
    expect(await page.getByTestId('blacklist-row').count()).toBe(1);
    await page.context().close();
  });
});
