import type { QueryResult } from '@mikro-orm/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_ID, DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { startE2E, type E2E } from '../support/e2e';
import { likeOnce, matchUsers, sendTexts } from '../support/e2e-chat';
import { introduce } from '../support/factories';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo users 100010 (13), 100011 (14), 100012 (15) and 100017 (13) are in one age band; 100010 shows boys only, so
// meets 100012 but neither girl (100011, 100017), who meet each other and 100012.
const LONG = { timeout: 15_000 };

async function open(userId: number, route: string): Promise<Page> {
  const page = await e2e.openAs(userId, { route });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached', ...LONG });
  return page;
}

const pathIs = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, LONG);

describe('issue #23 journeys', () => {
  it("greets a user with an unread message by the summary toast, whose 'Открыть' leads to /chat", async () => {
    const chatId = await matchUsers(e2e, 100_010, 100_012);
    await sendTexts(e2e, 100_012, chatId, ['Привет! Ты тут?']);
    const page = await open(100_010, '/profile');
    await page.getByText(/^У вас 1 непрочитанное сообщение/).waitFor(LONG);
    await page.getByRole('button', { name: 'Открыть' }).click();
    await pathIs(page, '/chat');
    await page.context().close();
  });

  it("keeps an admin in the admin area from the profiles menu and 'Все разделы', and a moderator on /admin/user/… on the moderator bar", async () => {
    const admin = await open(DEMO_ADMIN_ID, '/admin/stats');
    const adminBar = admin.getByRole('navigation', { name: 'Админ-панель' });
    await adminBar.getByRole('link', { name: 'Анкеты' }).click();
    const menu = admin.getByRole('navigation', { name: 'Очереди модерации' });
    await menu.getByRole('link').first().click();
    await pathIs(admin, '/admin/profiles');
    expect(new URL(admin.url()).search).toBe('?type=INITIAL&status=PENDING');
    await admin.getByRole('link', { name: 'Все разделы' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/profiles' && url.search === '', LONG);
    await adminBar.waitFor();
    expect(await admin.getByRole('navigation', { name: 'Модерация' }).count()).toBe(0);
    await admin.context().close();

    const moderator = await open(DEMO_MODERATOR_ID, '/admin/user/100012');
    const moderatorBar = moderator.getByRole('navigation', { name: 'Модерация' });
    await moderatorBar.waitFor(LONG);
    expect(await moderator.getByRole('navigation', { name: 'Админ-панель' }).count()).toBe(0);
    const current = moderatorBar.locator('a[aria-current="page"]');
    expect(await current.allTextContents()).toEqual(['Пользователи']);
    await moderator.context().close();
  });

  it("says matched likes stay before 'Удалить старые лайки', and an old match's like is still in the history after it", async () => {
    await matchUsers(e2e, 100_011, 100_017);
    await likeOnce(e2e, 100_011, 100_012);
    // All three likes are older than the two weeks the action clears: only the match rule keeps the pair's.
    const connection = e2e.db.orm.em.fork().getConnection();
    const aged = await connection.execute<QueryResult>(
      `update likes set created_at = now() - interval '30 days' where from_id = 100011 or (from_id = 100017 and to_id = 100011)`,
      [],
      'run',
    );
    expect(aged.affectedRows).toBe(3);
    const page = await open(100_011, '/likes-history');
    await page.getByRole('button', { name: 'Удалить старые лайки' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Лайки, ставшие матчами, и полученные лайки останутся.', { exact: false }).waitFor(LONG);
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Мои лайки/ }).click();
    const row = page.getByTestId('history-row').filter({ hasText: 'Мой лайк' }).filter({ hasText: 'Матч' });
    await row.first().waitFor(LONG);
    const left = await connection.execute<{ to_id: string }[]>(
      `select to_id from likes where from_id = 100011 and kind = 'LIKE' order by to_id`,
    );
    expect(left.map((r) => Number(r.to_id))).toEqual([100_017]);
    await page.context().close();
  });

  it("titles a peer profile that fails to load 'Не удалось загрузить профиль', and Повторить loads it", async () => {
    // The feed served 100012's card to 100010 (AMENDMENTS §5.1), so only the failure keeps the profile away.
    await introduce(e2e.db.orm.em.fork(), 100_010, 100_012);
    const page = await e2e.openAs(100_010, { route: '/profile' });
    await page.route('**/api/profile/view?**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(page.url().replace(/\/profile#/, '/u/100012#'));
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить профиль' });
    await alert.waitFor(LONG);
    // No raw 'HTTP 503': the spec's words for a failed load.
    await alert.getByText('Ошибка загрузки профиля').waitFor();
    await page.unroute('**/api/profile/view?**');
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await alert.waitFor({ state: 'detached', ...LONG });
    await page.context().close();
  });
});
