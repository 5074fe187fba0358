import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { introduce } from '../support/factories';
import { openSocket } from '../support/ws-client';

// Demo users: age = 13 + ((id - 100010) % 7), so both are 14 and may meet.
const ME = 100_011;
const PEER = 100_018;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  await likeAs(PEER, ME);
});
afterAll(async () => {
  await e2e?.stop();
});

async function launch(userId: number, route: string): Promise<{ url: string; initData: string }> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`);
  return (await res.json()) as { url: string; initData: string };
}

/** A like over the explore channel, as the peer's app sends it once its feed served `toId` (AMENDMENTS §5.1). */
async function likeAs(fromId: number, toId: number): Promise<void> {
  await introduce(e2e.db.orm.em.fork(), fromId, toId);
  const { initData } = await launch(fromId, '/');
  const socket = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/likes`, initData);
  socket.send({ ch: 'explore', t: 'like', cid: 'seed', data: { targetUserId: toId } });
  expect(await socket.next((m) => m.cid === 'seed')).toMatchObject({ t: 'ack' });
  await socket.close();
}

const liveCard = (page: Page) => page.locator('article[data-user-id]');

async function dislikeUntil(page: Page, userId: number): Promise<void> {
  for (let i = 0; i < 45; i++) {
    await liveCard(page).waitFor();
    const shown = await liveCard(page).getAttribute('data-user-id');
    if (shown === String(userId)) return;
    await page.getByRole('button', { name: 'Дизлайк' }).click();
    await page.waitForFunction((prev) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== prev, shown);
  }
  throw new Error(`the card of ${userId} never came up`);
}

/** Boxes of the like/dislike buttons and of every text element of the card outside the photo. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('article[data-user-id]')!;
    const box = (el: Element) => el.getBoundingClientRect().toJSON() as DOMRect;
    const buttons = ['Лайк', 'Дизлайк'].map((name) => box(card.querySelector(`button[aria-label="${name}"]`)!));
    const texts = Array.from(card.querySelectorAll('p, dd, dt, h4, li'))
      .filter((el) => !el.closest('[data-testid="photo-carousel"]') && el.textContent?.trim())
      .map(box);
    const photo = box(card.querySelector('[data-testid="photo-carousel"]')!);
    return { buttons, texts, photo, viewport: window.innerHeight };
  });

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** At the top and scrolled to the bottom: the like/dislike buttons cover no text of the card (and the photo is large). */
async function expectButtonsOverNoText(page: Page, { largePhoto }: { largePhoto: boolean }): Promise<void> {
  for (const scroll of ['top', 'bottom']) {
    if (scroll === 'bottom') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const { buttons, texts, photo, viewport } = await layout(page);
    if (largePhoto && scroll === 'top') expect(photo.height / viewport).toBeGreaterThanOrEqual(0.6);
    expect(texts.length).toBeGreaterThan(0);
    for (const button of buttons) for (const text of texts) expect(overlaps(button, text)).toBe(false);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('the like/dislike buttons at 360×640', () => {
  it("on /likes sit under the photo as in explore and cover no text ('О себе' included) (issue 40 item 9)", async () => {
    const { url } = await launch(ME, '/likes');
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}${url}`);
    await page.locator(`article[data-user-id="${PEER}"]`).waitFor();
    await page.getByRole('heading', { name: 'О себе' }).waitFor();
    await expectButtonsOverNoText(page, { largePhoto: false });
    await e2e.screenshot(page, 'likes-360x640');
    await context.close();
  });
});

describe('the match view', () => {
  it('at 360×640: a large photo, buttons over no text; a swipe to the right makes the match and Написать opens the chat', async () => {
    const { url } = await launch(ME, '/explore');
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}${url}`);
    await dislikeUntil(page, PEER);
    await page.getByRole('heading', { level: 3, name: /, 14$/ }).waitFor();

    await expectButtonsOverNoText(page, { largePhoto: true });
    await e2e.screenshot(page, 'explore-360x640');

    // A drag to the right with the pointer: the card follows, then goes as a like.
    const card = await liveCard(page).boundingBox();
    const y = card!.y + 150;
    await page.mouse.move(card!.x + 100, y);
    await page.mouse.down();
    for (const dx of [20, 60, 120, 200]) await page.mouse.move(card!.x + 100 + dx, y);
    await page.mouse.up();

    const view = page.getByRole('dialog', { name: 'Ваш лайк взаимный!' });
    await view.waitFor();
    expect(await view.getByTestId('match-photo-mine').locator('img').count()).toBe(1);
    expect(await view.getByTestId('match-photo-peer').locator('img').count()).toBe(1);
    // Both photos really load (the URLs the server gave are served).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid^="match-photo"] img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await e2e.screenshot(page, 'match-view-360x640');
    await view.getByRole('button', { name: 'Написать' }).click();
    await page.waitForURL(/\/messages\/\d+$/);
    await context.close();
  });
});
