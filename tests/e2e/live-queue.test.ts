import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_ID, DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { User } from '../../db/users/user.entity';
import { startE2E, type E2E } from '../support/e2e';

let e2e: E2E;
// A demo user made a second moderator (a demo person, so the panel has a profile to open with).
const SECOND_MODERATOR = 100_016;
const LIST = '/moderation/profiles?type=INITIAL&status=PENDING';
const SECOND = { timeout: 1000 };

beforeAll(async () => {
  e2e = await startE2E();
  const em = e2e.db.orm.em.fork();
  (await em.findOneOrFail(User, SECOND_MODERATOR)).role = 'MODERATOR';
  await em.flush();
});
afterAll(async () => {
  await e2e?.stop();
});

async function launch(userId: number): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}`);
  return ((await res.json()) as { initData: string }).initData;
}

/** A new user's base profile under review (photos are not needed for the queue), and its pending item. */
async function pendingItem(): Promise<ModerationItem> {
  const userId = ((await (await fetch(`${e2e.baseUrl}/dev/api/new-user`, { method: 'POST' })).json()) as { id: number }).id;
  const initData = await launch(userId);
  const photos: string[] = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.set('variant', 'profile');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `p${i}.png`);
    photos.push(
      (
        (await (
          await fetch(`${e2e.baseUrl}/api/cdn/images/upload`, { method: 'POST', headers: { Authorization: `tma ${initData}` }, body: form })
        ).json()) as { url: string }
      ).url,
    );
  }
  const now = new Date();
  const birth = `${String(now.getUTCDate()).padStart(2, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear() - 16}`;
  const body = { initData, displayName: 'Лиза', birthDate: birth, sex: 'FEMALE', gender: 'BISEXUAL', city: 'Москва', photos };
  const res = await fetch(`${e2e.baseUrl}/api/profile/submit-base`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await res.json()).toEqual({ ok: true, status: 'UNDER_REVIEW_BASE' });
  return e2e.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });
}

async function open(userId: number, route: string): Promise<Page> {
  const page = await e2e.openAs(userId, { route });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
  return page;
}

const waiting = async (page: Page) => Number((await page.getByLabel(/^Новые анкеты: \d+$/).getAttribute('aria-label'))!.split(': ')[1]);
const decidedLine = (page: Page, itemId: number) => page.locator(`[data-item-id="${itemId}"]`).getByText(/^Уже рассмотрено/);
const approveButtons = (page: Page, itemId: number) => page.locator(`[data-item-id="${itemId}"]`).getByRole('button', { name: 'Одобрить' });

describe('the live moderation queue', () => {
  it('a decision in the bot and one in another panel reach both open panels and the hub within a second', async () => {
    const [inBot, inPanel] = [await pendingItem(), await pendingItem()];
    const [first, second, hub] = [
      await open(DEMO_MODERATOR_ID, LIST),
      await open(SECOND_MODERATOR, LIST),
      await open(DEMO_MODERATOR_ID, '/moderation'),
    ];
    for (const page of [first, second]) for (const item of [inBot, inPanel]) await approveButtons(page, item.id).waitFor();
    await hub.getByLabel(/^Новые анкеты: [1-9]/).waitFor();
    const before = await waiting(hub);

    // The admin approves in the bot, pressing the inline button of their copy of the post.
    const telegram = e2e.app.telegram!;
    const postOf = () => telegram.chatLog(DEMO_ADMIN_ID).find((m) => m.fromBot && m.text?.includes(`заявка #${inBot.id}`));
    await expect.poll(postOf, { timeout: 15_000 }).toBeTruthy();
    const message = postOf()!;
    telegram.injectCallback(
      { id: DEMO_ADMIN_ID, first_name: 'Админ', username: 'demo_admin' },
      message.messageId,
      `mi:${inBot.id}:ok:${inBot.version}`,
      DEMO_ADMIN_ID,
    );
    // The bot reads the press by long polling the fake Bot API; the push itself follows the commit at once.
    await expect
      .poll(async () => (await e2e.db.orm.em.fork().findOneOrFail(ModerationItem, inBot.id)).status, { timeout: 5000 })
      .toBe('APPROVED');
    for (const page of [first, second]) {
      await expect
        .poll(
          () =>
            decidedLine(page, inBot.id)
              .textContent()
              .catch(() => ''),
          SECOND,
        )
        .toMatch(/^Уже рассмотрено: Одобрено — @demo_admin, /);
      expect(await approveButtons(page, inBot.id).count()).toBe(0);
    }
    await expect.poll(() => waiting(hub), SECOND).toBe(before - 1);
    await e2e.screenshot(first, 'live-queue-01-decided-in-bot');

    // The second moderator approves in their panel: the first panel shows who, within a second.
    await approveButtons(second, inPanel.id).click();
    await expect
      .poll(
        () =>
          decidedLine(first, inPanel.id)
            .textContent()
            .catch(() => ''),
        SECOND,
      )
      .toMatch(/^Уже рассмотрено: Одобрено — @demo_user_7, /);
    expect(await approveButtons(first, inPanel.id).count()).toBe(0);
    await expect.poll(() => waiting(hub), SECOND).toBe(before - 2);
    await e2e.screenshot(first, 'live-queue-02-decided-in-other-panel');
    await Promise.all([first, second, hub].map((p) => p.context().close()));
  });
});
