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

/** Reports the card on screen for `reason`; answers whose card it was once another one (or the end) shows. */
async function reportCard(page: Page, reason: string): Promise<string> {
  await card(page).waitFor();
  const reported = (await card(page).getAttribute('data-user-id')) ?? '';
  await card(page).getByRole('button', { name: 'Пожаловаться' }).click();
  const sheet = page.getByRole('dialog', { name: 'Пожаловаться' });
  await sheet.getByRole('radio', { name: reason }).check();
  await sheet.getByRole('button', { name: 'Отправить' }).click();
  await page.getByRole('status').filter({ hasText: 'Жалоба отправлена' }).first().waitFor();
  await page.waitForFunction((id) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== id, reported);
  return reported;
}

describe('a report from the explore card (issue 40 item 5)', () => {
  it('takes the card away as a dislike does; with harassment it blocks too; neither person comes back', async () => {
    const page = await e2e.openAs(VIEWER, { route: '/explore' });
    const blocked = await reportCard(page, 'Оскорбления и травля');
    const reported = await reportCard(page, 'Фейковая анкета');
    // A report is not a dislike to take back.
    expect(await page.getByRole('button', { name: /Вернуть/ }).count()).toBe(0);

    const rest = await swipeToEnd(page);
    expect(rest).not.toContain(blocked);
    expect(rest).not.toContain(reported);
    await page.reload();
    const again = await swipeToEnd(page);
    expect(again).not.toContain(blocked);
    expect(again).not.toContain(reported);

    await page.goto(`${e2e.baseUrl}/blacklist${new URL(page.url()).hash}`);
    await page.getByTestId('blacklist-row').first().waitFor();
    expect(await page.getByTestId('blacklist-row').count()).toBe(1);
    await page.context().close();
  });
});
