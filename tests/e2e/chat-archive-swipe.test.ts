import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { matchUsers, sendTexts } from '../support/e2e-chat';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo boys 100010 (13, shows boys only) and 100012 (15) are in one age band and in each other's 'Кого показывать'.
const A = 100_010;
const B = 100_012;

/** Drags the row with that title to the left by `dx` px with the mouse, as a finger would slide it. */
async function slideRow(page: Page, title: string, dx: number) {
  const row = page.getByTestId('chat-row-slide').filter({ hasText: title });
  const box = (await row.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 40, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width - 40 + (dx * step) / 8, y);
  await page.mouse.up();
}

describe('the chat list row swipe (issue 40 item 6)', () => {
  it("moves a chat to the archive with 'В архив' and back from /archive with 'Из архива'", async () => {
    const chatId = await matchUsers(e2e, A, B);
    await sendTexts(e2e, B, chatId, ['Привет! Как дела?']);
    const page = await e2e.openAs(A, { route: '/chat', width: 390, height: 844 });
    const rows = page.getByRole('list', { name: 'Чаты' });
    await expect.poll(() => rows.getByText('Привет! Как дела?').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'В архив' }).count()).toBe(0);

    await slideRow(page, 'Привет! Как дела?', -80);
    await page.getByRole('button', { name: 'В архив' }).click();
    await page.getByRole('status').filter({ hasText: 'Чат перенесён в архив' }).waitFor();
    await expect.poll(() => rows.getByText('Привет! Как дела?').count()).toBe(0);
    await page.getByRole('link', { name: /Архив/ }).click();

    const archived = page.getByRole('list', { name: 'Архив' });
    await expect.poll(() => archived.getByText('Привет! Как дела?').count(), { timeout: 15_000 }).toBe(1);
    await slideRow(page, 'Привет! Как дела?', -80);
    await page.getByRole('button', { name: 'Из архива' }).click();
    await page.getByRole('status').filter({ hasText: 'Чат возвращён из архива' }).waitFor();
    await expect.poll(() => archived.getByText('Привет! Как дела?').count()).toBe(0);
    await page.goBack();
    await expect.poll(() => page.getByRole('list', { name: 'Чаты' }).getByText('Привет! Как дела?').count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  });
});
