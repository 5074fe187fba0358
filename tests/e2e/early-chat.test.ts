import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../../db/kysely';
import { startE2E, type E2E } from '../support/e2e';
import { initDataOf, matchUsers, sendTexts } from '../support/e2e-chat';
import { createMember } from '../support/factories';

// The page's plain-DOM chat list and chat (webapp/boot/early-chat.ts): painted only for a user who may browse and a
// chat they may reach, where the React screen then stands, and handed over to it.
const VIEWER = 100_010; // Артём, 13, Москва
const PEER = 100_040; // Глеб, in Артём's age band, with a profile photo
const PEER_NAME = 'Глеб';

type Box = { x: number; y: number; width: number; height: number };
type Probe = { __early?: { attached: boolean; boxes: Record<string, Box | null>; text: string; entryAfterPaint: boolean | null } };
const cspViolations: string[] = [];

/** Records, from before the page's scripts run, whether the early layer was attached, where its parts stood, and whether the app started after it. */
async function probeEarlyPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: NonNullable<Probe['__early']> = { attached: false, boxes: {}, text: '', entryAfterPaint: null };
    (window as Probe).__early = probe;
    const parts = {
      heading: '.chat-list_heading',
      title: '.chat-list_list .chat-list_title',
      avatar: '.chat-list_list img',
      peer: '.chat-header_peer .chat-avatar_avatar',
      bubble: '.message-list_list > li:last-child .message-bubble_text',
    };
    new MutationObserver(() => {
      if (probe.entryAfterPaint === null && document.querySelector('script[type="module"][src^="/assets/index-"]'))
        probe.entryAfterPaint = probe.attached;
      const layer = document.getElementById('early-card');
      if (!layer || probe.attached) return;
      probe.attached = true;
      probe.text = layer.textContent ?? '';
      for (const [name, selector] of Object.entries(parts)) {
        const box = layer.querySelector(selector)?.getBoundingClientRect();
        probe.boxes[name] = box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** A launch as `userId` into `route` in a fresh page; resolves once the page knows whether it painted early. */
async function launch(e2e: E2E, userId: number, route: string): Promise<{ page: Page; outcome: string | null }> {
  const { url } = (await (await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`)).json()) as {
    url: string;
  };
  const page = await (await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' })).newPage();
  await probeEarlyPaint(page);
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective}`)),
  );
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${e2e.baseUrl}${url}`);
  await page.waitForFunction(() => document.documentElement.dataset.earlyCard !== undefined);
  return { page, outcome: await page.evaluate(() => document.documentElement.dataset.earlyCard ?? null) };
}

const early = (page: Page) => page.evaluate(() => (window as Probe).__early!);

/** Where React's element stands against the early paint's: within half a pixel (layout rounds to hundredths). */
async function expectAtEarlyBox(page: Page, name: string, selector: string): Promise<void> {
  const before = (await early(page)).boxes[name];
  const after = await page.locator(selector).first().boundingBox();
  expect(before, name).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(after![key] - before![key]), `${name} ${key}`).toBeLessThan(0.5);
}

async function block(e2e: E2E, userId: number, blocked: number): Promise<void> {
  const answer = await fetch(`${e2e.baseUrl}/api/privacy/settings`, {
    method: 'POST',
    headers: { Authorization: `tma ${await initDataOf(e2e, userId)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'addToBlacklist', userId: String(blocked) }),
  });
  if (!answer.ok) throw new Error(`block failed: ${answer.status} ${await answer.text()}`);
}

describe('the chat list and a chat before the app', () => {
  let e2e: E2E;
  let chatId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    chatId = await matchUsers(e2e, VIEWER, PEER);
    await sendTexts(e2e, PEER, chatId, ['Привет!', 'Как дела?']);
    await sendTexts(e2e, VIEWER, chatId, ['Хорошо, а у тебя?']);
  });
  afterAll(() => e2e?.stop());

  it('paints the chat list where its rows then stand, starts the app after it, and gives way to the rows', async () => {
    const { page, outcome } = await launch(e2e, VIEWER, '/chat');
    expect(outcome).toBe('painted');
    const probe = await early(page);
    expect(probe.text).toContain('Сообщения');
    expect(probe.text).toContain(PEER_NAME);
    expect(probe.text).toContain('Хорошо, а у тебя?');
    await page.locator('ul[aria-label="Чаты"] a[href^="/messages/"]').first().waitFor();
    await page.locator('#early-card').waitFor({ state: 'detached' });
    await expectAtEarlyBox(page, 'heading', '.chat-list_heading');
    await expectAtEarlyBox(page, 'title', 'ul[aria-label="Чаты"] .chat-list_title');
    await expectAtEarlyBox(page, 'avatar', 'ul[aria-label="Чаты"] img');
    // One row per chat once React has taken over.
    expect(await page.locator(`a[href="/messages/${chatId}"]`).count()).toBe(1);
    expect((await early(page)).entryAfterPaint).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.context().close();
  });

  it('paints a chat opened from a push with its latest messages where React then shows them, and gives way to it', async () => {
    const { page, outcome } = await launch(e2e, VIEWER, `/messages/${chatId}`);
    expect(outcome).toBe('painted');
    await page.getByTestId('message-list').getByText('Хорошо, а у тебя?').waitFor();
    await page.locator('#early-card').waitFor({ state: 'detached' });
    await expectAtEarlyBox(page, 'bubble', '.message-list_list > li:last-child .message-bubble_text');
    await expectAtEarlyBox(page, 'peer', '.chat-header_peer .chat-avatar_avatar');
    expect(await page.locator('.message-bubble_item').count()).toBe(3);
    expect((await early(page)).entryAfterPaint).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.context().close();
  });

  it("paints nothing for a chat the viewer may not reach, an unknown one or another pair's, and shows nothing of it", async () => {
    const [a, b] = [await createMember(e2e.db.orm.em.fork(), { displayName: 'Варвара' }), await createMember(e2e.db.orm.em.fork())];
    const theirs = await matchUsers(e2e, a, b);
    await sendTexts(e2e, a, theirs, ['Секрет']);
    for (const route of [`/messages/${theirs}`, '/messages/987654321']) {
      const { page, outcome } = await launch(e2e, VIEWER, route);
      expect(outcome, route).toBe('none');
      await page.getByRole('alert').first().waitFor();
      expect((await early(page)).attached, route).toBe(false);
      const shown = await page.evaluate(() => document.body.innerText);
      expect(shown).not.toContain('Варвара');
      expect(shown).not.toContain('Секрет');
      await page.context().close();
    }
    expect(cspViolations).toEqual([]);
  });

  it('paints nothing for a banned user or one still in onboarding', async () => {
    // Banned before the server has seen them (its user cache learns of a ban through the ban service's event).
    const a = await createMember(e2e.db.orm.em.fork(), { banned: true });
    await sql`update profiles set sex = 'MALE' where user_telegram_id = ${a}`.execute(sqlOf(e2e.db.orm.em.fork()));
    const banned = await launch(e2e, a, '/chat');
    expect(banned.outcome).toBe('none');
    await banned.page.getByText('Доступ ограничен').first().waitFor();
    expect((await early(banned.page)).attached).toBe(false);
    const { id } = (await (await fetch(`${e2e.baseUrl}/dev/api/new-user`, { method: 'POST' })).json()) as { id: number };
    const newcomer = await launch(e2e, id, '/chat');
    expect(newcomer.outcome).toBe('none');
    await newcomer.page.locator('[data-testid="registration-step"]').first().waitFor();
    expect((await early(newcomer.page)).attached).toBe(false);
    expect(cspViolations).toEqual([]);
  });

  it('paints no blocked chat, and lists it only as closed: neither its name nor its photo', async () => {
    await block(e2e, VIEWER, PEER);
    const chat = await launch(e2e, VIEWER, `/messages/${chatId}`);
    expect(chat.outcome).toBe('none');
    await chat.page.getByText('Чат недоступен').first().waitFor();
    expect((await early(chat.page)).attached).toBe(false);
    const list = await launch(e2e, VIEWER, '/chat');
    expect(list.outcome).toBe('painted');
    const probe = await early(list.page);
    expect(probe.text).toContain('Чат недоступен');
    expect(probe.text).not.toContain(PEER_NAME);
    expect(probe.boxes.avatar).toBeNull();
    await list.page.getByTestId('closed-avatar').waitFor();
    await list.page.locator('#early-card').waitFor({ state: 'detached' });
    await expectAtEarlyBox(list.page, 'title', 'ul[aria-label="Чаты"] .chat-list_title');
    expect(cspViolations).toEqual([]);
  });
});
