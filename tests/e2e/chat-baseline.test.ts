import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { matchUsers } from '../support/e2e-chat';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo users 100011 (14) and 100017 (13) are in one age band, and each is in the other's 'Кого показывать' (все).
const A = 100_011;
const B = 100_017;

const list = (page: Page) => page.getByTestId('message-list');
const status = (page: Page) => page.getByTestId('chat-status').textContent();
const bubbleOf = (page: Page, text: string) => list(page).locator('[data-shape]', { hasText: text });

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Сообщение', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
}

describe('chat at Telegram’s baseline, two users', () => {
  it('shows typing, turns ✓ into ✓✓ when read, quotes a reply and shows a deletion to the peer', async () => {
    const chatId = await matchUsers(e2e, A, B);
    const pageA = await e2e.openAs(A, { route: `/messages/${chatId}` });
    const pageB = await e2e.openAs(B, { route: `/messages/${chatId}` });
    await expect.poll(() => status(pageB), { timeout: 15_000 }).toBe('В сети');

    // Typing: A types, B's header says so.
    await pageA.getByLabel('Сообщение', { exact: true }).fill('Как дела');
    await expect.poll(() => status(pageB), { timeout: 10_000 }).toBe('печатает…');
    await e2e.screenshot(pageB, 'chat-baseline-typing');
    await pageA.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => bubbleOf(pageB, 'Как дела').count(), { timeout: 10_000 }).toBe(1);
    // B has it on screen at the bottom: read, and A's check turns double.
    await expect.poll(() => bubbleOf(pageA, 'Как дела').getByRole('img', { name: 'Прочитано' }).count(), { timeout: 10_000 }).toBe(1);
    await e2e.screenshot(pageA, 'chat-baseline-read');

    // B answers with a quote.
    await bubbleOf(pageB, 'Как дела').click({ button: 'right' });
    await pageB.getByRole('menuitem', { name: 'Ответить' }).click();
    await send(pageB, 'Отлично!');
    const reply = bubbleOf(pageA, 'Отлично!');
    await expect.poll(() => reply.getByTestId('reply-quote').textContent(), { timeout: 10_000 }).toBe('Как дела');
    await e2e.screenshot(pageA, 'chat-baseline-reply');

    // A deletes a message: B sees 'Сообщение удалено' live and after a reload.
    await send(pageA, 'Ой, не туда');
    await expect.poll(() => bubbleOf(pageB, 'Ой, не туда').count(), { timeout: 10_000 }).toBe(1);
    await bubbleOf(pageA, 'Ой, не туда').click({ button: 'right' });
    await pageA.getByRole('menuitem', { name: 'Удалить' }).click();
    await pageA.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => list(pageB).getByText('Сообщение удалено').count(), { timeout: 10_000 }).toBe(1);
    expect(await list(pageB).getByText('Ой, не туда').count()).toBe(0);
    await pageB.reload();
    await expect.poll(() => list(pageB).getByText('Сообщение удалено').count(), { timeout: 15_000 }).toBe(1);
    expect(await list(pageB).getByText('Ой, не туда').count()).toBe(0);
    await e2e.screenshot(pageB, 'chat-baseline-deleted');
    await Promise.all([pageA.context().close(), pageB.context().close()]);
  });

  it('fits all four sticker columns on a 390 px screen', async () => {
    // 100012 (15, a boy who shows everyone): 100010 shows boys only, so never meets A.
    const chatId = await matchUsers(e2e, A, 100_012);
    const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#22c55e' } })
      .png()
      .toBuffer();
    e2e.app.telegram!.addStickerSet({
      name: 'baseline_grid_pack',
      title: 'Сетка',
      stickers: Array.from({ length: 6 }, () => ({ emoji: '🙂', png })),
    });
    const page = await e2e.openAs(A, { route: `/messages/${chatId}`, width: 390, height: 844 });
    await page.getByRole('button', { name: 'Стикеры' }).click();
    await page.getByRole('button', { name: 'Добавить стикер-пак' }).click();
    await page.getByLabel('Ссылка на стикер-пак').fill('https://t.me/addstickers/baseline_grid_pack');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    const pack = page.getByRole('tabpanel', { name: 'Сетка' });
    await expect.poll(() => pack.getByRole('button').count(), { timeout: 15_000 }).toBe(6);
    const panel = await page.getByRole('region', { name: 'Стикеры' }).boundingBox();
    const fourth = await pack.getByRole('button').nth(3).boundingBox();
    expect(panel && fourth).toBeTruthy();
    expect(fourth!.x + fourth!.width).toBeLessThanOrEqual(Math.min(panel!.x + panel!.width, 390) + 0.5);
    expect(fourth!.width).toBeGreaterThan(40);
    await e2e.screenshot(page, 'chat-baseline-stickers-390');
    await page.context().close();
  });
});
