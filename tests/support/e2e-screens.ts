import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { E2E } from './e2e';
import { initDataOf } from './e2e-chat';
import { introduce } from './factories';
import { openSocket } from './ws-client';

/** A like over the explore channel, as the liker's app sends it once its feed served `toId` (AMENDMENTS §5.1). */
export async function likeAs(e2e: E2E, fromId: number, toId: number): Promise<void> {
  await introduce(e2e.db.orm.em.fork(), fromId, toId);
  const socket = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/likes`, await initDataOf(e2e, fromId));
  socket.send({ ch: 'explore', t: 'like', cid: 'seed', data: { targetUserId: String(toId) } });
  expect(await socket.next((m) => m.cid === 'seed')).toMatchObject({ t: 'ack' });
  await socket.close();
}

/** A fresh Telegram id with no profile, as the launcher's 'Новый пользователь' gives. */
export async function newUserId(e2e: E2E): Promise<number> {
  return ((await (await fetch(`${e2e.baseUrl}/dev/api/new-user`, { method: 'POST' })).json()) as { id: number }).id;
}

/** The default pictures of onboardedUser: a face-like circle on three colours (no face for the face check). */
async function plainPictures(): Promise<Buffer[]> {
  return Promise.all(
    [200, 280, 330].map((hue) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="100%" height="100%" fill="hsl(${hue},60%,60%)"/><circle cx="300" cy="300" r="110" fill="hsl(${hue},40%,92%)"/></svg>`;
      return sharp(Buffer.from(svg)).jpeg().toBuffer();
    }),
  );
}

/**
 * A new user waiting for review (base profile sent with three photos, or `pictures`; 17 years old, or `age`), so the
 * moderation screens have a card; its id.
 */
export async function onboardedUser(e2e: E2E, opts: { pictures?: Buffer[]; age?: number } = {}): Promise<number> {
  const userId = await newUserId(e2e);
  const initData = await initDataOf(e2e, userId);
  const photos: string[] = [];
  for (const [i, picture] of (opts.pictures ?? (await plainPictures())).entries()) {
    const form = new FormData();
    form.set('variant', 'profile');
    form.set('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `p-${i}.jpg`);
    photos.push(
      (
        (await (
          await fetch(`${e2e.baseUrl}/api/cdn/images/upload`, { method: 'POST', headers: { Authorization: `tma ${initData}` }, body: form })
        ).json()) as { url: string }
      ).url,
    );
  }
  const now = new Date();
  const birthDate = `01/01/${now.getUTCFullYear() - (opts.age ?? 17)}`;
  const body = { initData, displayName: 'Соня', birthDate, sex: 'FEMALE', gender: 'BISEXUAL', city: 'Москва', photos };
  const res = await fetch(`${e2e.baseUrl}/api/profile/submit-base`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return userId;
}

/** Moves the running app to a route the way a link would, without reloading it. */
export async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, route);
}

/** No loader on screen and every visible picture decoded. */
export async function settled(page: Page): Promise<void> {
  await page
    .getByText(/^Загрузка/)
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // The dots of a Spinner say 'Загрузка…' only to a screen reader.
  await page
    .locator('[role="status"][aria-label^="Загрузка"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  const onScreenDecoded = () =>
    Array.from(document.images).every((img) => {
      const box = img.getBoundingClientRect();
      const visible = box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      return !visible || img.complete;
    });
  await page.waitForFunction(onScreenDecoded, undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
