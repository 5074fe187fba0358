import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../../db/kysely';
import { startE2E, type E2E } from '../support/e2e';
import { swipeToEnd } from '../support/e2e-explore';

// A demo boy of 15 (pansexual, so 'Все' by default), in a band with boys and girls.
const VIEWER = 100_012;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const card = (page: Page) => page.locator('article[data-user-id]');

async function sexesOf(ids: number[]): Promise<string[]> {
  const rows = await sqlOf(e2e.db.orm.em.fork()).selectFrom('profiles').select('sex').where('user_telegram_id', 'in', ids).execute();
  return [...new Set(rows.map((r) => String(r.sex)))];
}

/** On /search-settings: picks whom to show and saves; the app goes back to the feed. */
async function chooseShow(page: Page, label: 'Парни' | 'Девушки' | 'Все', shot: string) {
  await page.getByRole('group', { name: 'Кого показывать' }).waitFor();
  await page.getByText(label, { exact: true }).click();
  await e2e.screenshot(page, shot);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL((url) => url.pathname === '/explore');
}

describe("search settings: 'Кого показывать'", () => {
  it('narrows the feed to girls from the explore screen, then to boys from the empty feed, and the feed follows', async () => {
    const page = await e2e.openAs(VIEWER, { route: '/explore' });
    await card(page).waitFor();
    await e2e.screenshot(page, 'search-settings-01-explore-button');

    await page.getByRole('link', { name: 'Настройки поиска' }).click();
    expect(await page.getByRole('radio', { name: 'Все' }).isChecked()).toBe(true);
    await chooseShow(page, 'Девушки', 'search-settings-02-girls');
    const girls = (await swipeToEnd(page)).map(Number);
    expect(girls.length).toBeGreaterThan(1);
    expect(await sexesOf(girls)).toEqual(['FEMALE']);
    await e2e.screenshot(page, 'search-settings-03-empty-with-link');

    // The empty feed's 'измените настройки поиска' leads to the settings: boys now, none of them seen yet.
    await page.getByRole('link', { name: 'измените настройки поиска' }).click();
    await chooseShow(page, 'Парни', 'search-settings-04-boys');
    // Two cards are enough to see the switch (the girls' walk above already showed the filter holds to the end).
    const boys: number[] = [];
    for (const _ of [1, 2]) {
      await card(page).waitFor();
      const shown = Number(await card(page).getAttribute('data-user-id'));
      boys.push(shown);
      await page.getByRole('button', { name: 'Дизлайк' }).click();
      await page.waitForFunction(
        (prev) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== prev,
        String(shown),
      );
    }
    expect(await sexesOf(boys)).toEqual(['MALE']);
    await page.context().close();
  });
});
