import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_MESSAGE_TEXT } from '../../bot/notifications/messages';
import { NOTIFY_JOB } from '../../bot/notifications/notification-payload';
import { startE2E, type E2E } from '../support/e2e';
import { initDataOf, likeOnce, matchUsers, sendTexts } from '../support/e2e-chat';
import { queueDrained } from '../support/job-queue';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo boys 100010 (13), 100012 (15), 100018 (14) and 100024 (13) are in one age band and in each other's 'Кого показывать'.
const A = 100_010;
const B = 100_012;
// Well under the 30 s poll: what arrives within it came with a push.
const LIVE_MS = 10_000;
let chatAB = '';

const badge = (page: Page, tab: string) => page.getByRole('navigation', { name: 'Основная навигация' }).getByLabel(new RegExp(`^${tab}: `));

/** Whether `viewer` sees the peer of `chatId` online: the peer's app has its sockets open. */
async function peerOnline(viewer: number, chatId: string): Promise<boolean> {
  const res = await fetch(`${e2e.baseUrl}/api/messages/chat-info?chatId=${chatId}`, {
    headers: { Authorization: `tma ${await initDataOf(e2e, viewer)}` },
  });
  return ((await res.json()) as { isOnline?: boolean }).isOnline === true;
}

async function lastMessageId(userId: number, chatId: string): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/api/messages/history?chatId=${chatId}`, {
    headers: { Authorization: `tma ${await initDataOf(e2e, userId)}` },
  });
  const { messages } = (await res.json()) as { messages: { id: string }[] };
  return messages.at(-1)?.id ?? '';
}

describe('live outside the open chat (issue 40 item 1)', () => {
  it('a message elsewhere raises the Чаты badge and a banner with the name and first words that opens the chat', async () => {
    chatAB = await matchUsers(e2e, A, B);
    const page = await e2e.openAs(A, { route: '/profile' });
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    expect(await badge(page, 'Чаты').count()).toBe(0);
    // The frame's live parts (its sockets) load beside the first screen (issue 39): A is online once they are in.
    await expect.poll(() => peerOnline(B, chatAB), { timeout: LIVE_MS }).toBe(true);

    await sendTexts(e2e, B, chatAB, ['Привет! Пойдёшь завтра на репетицию?']);
    const banner = page.getByRole('button', { name: /Привет! Пойдёшь завтра на репетицию\?/ });
    await banner.waitFor({ timeout: LIVE_MS });
    await expect.poll(() => badge(page, 'Чаты').textContent(), { timeout: LIVE_MS }).toBe('1');
    await e2e.screenshot(page, 'message-banner');
    // The banner, not the bot: once the notification jobs have run, the bot has written nothing to an online user.
    await queueDrained(e2e.db.orm, NOTIFY_JOB);
    expect(e2e.app.telegram!.chatLog(A).filter((m) => m.fromBot && m.text === NEW_MESSAGE_TEXT)).toEqual([]);
    await banner.click();
    await page.waitForURL(new RegExp(`/messages/${chatAB}`));
    await page.getByTestId('message-list').getByText('Привет! Пойдёшь завтра на репетицию?').waitFor();
    await page.context().close();
  });

  it('the likes badge drops as the likes are answered on /likes, and no summary toast shows there', async () => {
    await likeOnce(e2e, 100_018, A);
    await likeOnce(e2e, 100_024, A);
    const page = await e2e.openAs(A, { route: '/likes' });
    const likes = page.locator('article[data-user-id]');
    await expect.poll(() => badge(page, 'Лайки').count(), { timeout: LIVE_MS }).toBe(1);
    for (let answered = 0; answered < 2; answered++) {
      const shown = (await likes.first().getAttribute('data-user-id', { timeout: LIVE_MS })) ?? '';
      await page.getByRole('button', { name: 'Дизлайк' }).click();
      await page.waitForFunction((id) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== id, shown);
    }
    await page.getByText('Лайков больше нет').waitFor({ timeout: LIVE_MS });
    await expect.poll(() => badge(page, 'Лайки').count(), { timeout: LIVE_MS }).toBe(0);
    expect(await page.getByText(/^У вас .*лайк/).count()).toBe(0);
    await page.context().close();
  });

  it('the unread summary starts below the screen’s header, not over it', async () => {
    await sendTexts(e2e, B, chatAB, ['Ау?']);
    const page = await e2e.openAs(A, { route: '/help' });
    const toast = page.getByText(/^У вас \d+ непрочитанн/);
    await toast.waitFor({ timeout: LIVE_MS });
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    await e2e.screenshot(page, 'unread-summary-below-header');
    await page.context().close();
  });
});

describe('a deleted message in replies, on both phones (issue 40 item 4)', () => {
  it('every quote of it says Сообщение удалено at once, without a reload', async () => {
    await sendTexts(e2e, B, chatAB, ['Это секрет']);
    const secretId = await lastMessageId(B, chatAB);
    await sendTexts(e2e, A, chatAB, ['Никому не скажу'], secretId);
    await sendTexts(e2e, B, chatAB, ['Спасибо'], secretId);
    const pageA = await e2e.openAs(A, { route: `/messages/${chatAB}` });
    const pageB = await e2e.openAs(B, { route: `/messages/${chatAB}` });
    for (const page of [pageA, pageB]) await page.getByTestId('reply-quote').nth(1).waitFor();
    const quotes = (page: Page) => page.getByTestId('reply-quote').allTextContents();
    expect(await quotes(pageA)).toEqual(['Это секрет', 'Это секрет']);

    await pageB.getByTestId('message-list').getByText('Это секрет', { exact: true }).first().click({ button: 'right' });
    await pageB.getByRole('menuitem', { name: 'Удалить' }).click();
    await pageB.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
    for (const page of [pageA, pageB])
      await expect.poll(() => quotes(page), { timeout: LIVE_MS }).toEqual(['Сообщение удалено', 'Сообщение удалено']);
    await e2e.screenshot(pageA, 'chat-deleted-quotes');
    await Promise.all([pageA.context().close(), pageB.context().close()]);
  });
});

describe('a closed chat (issue 40 item 3)', () => {
  it('shows one neutral state: the row, the header without presence, and why in place of the input', async () => {
    const blocked = await fetch(`${e2e.baseUrl}/api/privacy/settings`, {
      method: 'POST',
      headers: { Authorization: `tma ${await initDataOf(e2e, A)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'addToBlacklist', userId: String(B) }),
    });
    expect(blocked.status).toBe(200);
    const list = await e2e.openAs(B, { route: '/chat' });
    const row = list.getByRole('link', { name: /Чат закрыт/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Чат недоступен');
    expect(await list.getByText('Отправьте первое сообщение в чат').count()).toBe(0);
    expect(await list.getByTestId('closed-avatar').count()).toBe(1);
    await e2e.screenshot(list, 'chat-list-closed');

    await row.click();
    const header = list.locator('header').filter({ hasText: 'Чат закрыт' });
    await header.waitFor();
    await list.getByRole('status').filter({ hasText: 'Чат недоступен' }).waitFor();
    expect(await header.getByText(/недавно|В сети/).count()).toBe(0);
    expect(await list.getByLabel('Сообщение', { exact: true }).count()).toBe(0);
    await e2e.screenshot(list, 'chat-closed');
    await list.context().close();
  });
});
