import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEMES } from '../../bot/dev/launcher/telegram-themes';
import { startE2E, type E2E } from '../support/e2e';
import { introduce } from '../support/factories';
import { openSocket } from '../support/ws-client';

// Demo users share a city when their ids agree modulo 10; age = 13 + ((id - 100010) % 7).
const ARTYOM = 100_010; // 13, Москва
const GLEB = 100_040; // 15, Москва: in Артём's band and the first one his feed offers
const LIKERS = [100_038, 100_024]; // 13, other cities, boys who show everyone: they like Глеб (shows boys) before the journey

type Theme = keyof typeof THEMES;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

async function launch(userId: number, route: string): Promise<{ path: string; hash: URLSearchParams; initData: string }> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`);
  const { url, initData } = (await res.json()) as { url: string; initData: string };
  const [path = '/', hash = ''] = url.split('#');
  return { path, hash: new URLSearchParams(hash), initData };
}

/** The mini app as `userId` on a 390×844 phone in Telegram's light or dark theme, without animations. */
async function openPhone(userId: number, route: string, theme: Theme): Promise<Page> {
  const { path, hash } = await launch(userId, route);
  hash.set('tgWebAppThemeParams', JSON.stringify(THEMES[theme]));
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU', colorScheme: theme });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${e2e.baseUrl}${path}#${hash.toString()}`);
  return page;
}

/** A like sent straight over the explore channel, as another demo user's app would once its feed served `toId`. */
async function likeAs(fromId: number, toId: number): Promise<void> {
  await introduce(e2e.db.orm.em.fork(), fromId, toId);
  const { initData } = await launch(fromId, '/');
  const socket = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/likes`, initData);
  socket.send({ ch: 'explore', t: 'like', cid: 'seed', data: { targetUserId: toId } });
  expect(await socket.next((m) => m.cid === 'seed')).toMatchObject({ t: 'ack' });
  await socket.close();
}

const cardId = (page: Page) => page.locator('article[data-user-id]').getAttribute('data-user-id');

/** Waits until the shown photo has loaded, so screenshots show it. */
const photoShown = (page: Page) =>
  page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('article img[aria-hidden="false"]');
    return !!img && img.complete && img.naturalWidth > 0 && img.dataset.visible === 'true';
  });

/** Dislikes cards until the wanted person's card comes up. */
async function swipeUntil(page: Page, userId: number): Promise<void> {
  for (let i = 0; i < 45; i++) {
    await page.locator('article[data-user-id]').waitFor();
    const shown = await cardId(page);
    if (shown === String(userId)) return;
    await page.getByRole('button', { name: 'Дизлайк' }).click();
    await page.waitForFunction((prev) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== prev, shown);
  }
  throw new Error(`the card of ${userId} never came up`);
}

describe('a mutual like in explore', () => {
  it('gives the earlier liker the match toast and the one who completed it the match view; both lead to the chat', async () => {
    for (const liker of LIKERS) await likeAs(liker, GLEB);

    const artyom = await openPhone(ARTYOM, '/explore', 'light');
    await swipeUntil(artyom, GLEB);
    expect(await artyom.getByRole('heading', { level: 3 }).textContent()).toBe('Глеб, 15');
    await photoShown(artyom);
    await e2e.screenshot(artyom, 'explore-light');
    await artyom.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await e2e.screenshot(artyom, 'explore-details-light');
    await artyom.evaluate(() => window.scrollTo(0, 0));
    await artyom.getByRole('button', { name: 'Лайк', exact: true }).click();
    await artyom.waitForFunction(
      (gleb) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== gleb,
      String(GLEB),
    );

    // Глеб sees the likes on /likes first (light and dark), then finds Артём in explore.
    const glebLight = await openPhone(GLEB, '/likes', 'light');
    await glebLight.getByRole('heading', { level: 3, name: 'Артём, 13' }).waitFor();
    await photoShown(glebLight);
    await e2e.screenshot(glebLight, 'likes-light');
    await glebLight.context().close();

    const gleb = await openPhone(GLEB, '/likes', 'dark');
    await gleb.getByRole('heading', { level: 3, name: 'Артём, 13' }).waitFor();
    await photoShown(gleb);
    await e2e.screenshot(gleb, 'likes-dark');
    await gleb.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Анкеты' }).click();
    await swipeUntil(gleb, ARTYOM);
    await photoShown(gleb);
    await e2e.screenshot(gleb, 'explore-dark');
    await gleb.getByRole('button', { name: 'Лайк', exact: true }).click();

    // Артём's like was earlier: he hears of the match by the toast; Глеб, who completed it, sees the match view.
    const toast = artyom.getByRole('status').filter({ hasText: '🎉 Ваш лайк взаимный!' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Нажмите чтобы перейти в чат');
    expect(await toast.count()).toBe(1);
    const view = gleb.getByRole('dialog', { name: 'Ваш лайк взаимный!' });
    await view.waitFor();
    expect(await gleb.getByRole('status').filter({ hasText: '🎉 Ваш лайк взаимный!' }).count()).toBe(0);
    await e2e.screenshot(artyom, 'match-toast-light');
    await e2e.screenshot(gleb, 'match-view-dark');

    await artyom.getByRole('button', { name: 'Перейти' }).click();
    await artyom.waitForURL(/\/messages\/\d+$/);
    const chatFromArtyom = new URL(artyom.url()).pathname;
    await view.getByRole('button', { name: 'Написать' }).click();
    await gleb.waitForURL(/\/messages\/\d+$/);
    expect(new URL(gleb.url()).pathname).toBe(chatFromArtyom);
  });

  it('lists the match in both histories', async () => {
    const artyom = await openPhone(ARTYOM, '/likes-history', 'light');
    await artyom.getByRole('tab', { name: /Матчи/ }).click();
    const row = artyom.getByTestId('history-row').filter({ hasText: 'Глеб' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Матч');
    expect(await row.getAttribute('href')).toBe(`/u/${GLEB}`);
    await artyom.getByRole('tab', { name: /Полученные/ }).click();
    await artyom.getByTestId('history-row').first().waitFor();
    await e2e.screenshot(artyom, 'history-light');

    const gleb = await openPhone(GLEB, '/likes-history', 'dark');
    await gleb.getByTestId('history-row').first().waitFor();
    expect(await gleb.getByTestId('history-row').count()).toBe(3);
    expect(await gleb.getByLabel('Статистика').textContent()).toContain('Всего лайков');
    await gleb.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="history-row"] img')).every((img) => img.complete),
    );
    await e2e.screenshot(gleb, 'history-dark');

    const empty = await openPhone(ARTYOM, '/likes', 'light');
    // Глеб's like was answered (the match): not 'nobody liked you', but no new likes and the match count.
    await empty.getByText('Новых лайков нет').waitFor();
    expect(await empty.getByText('У вас 1 матч — напишите в чатах').count()).toBe(1);
    await e2e.screenshot(empty, 'likes-empty-light');
  });
});
