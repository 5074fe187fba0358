import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { openSocket } from '../support/ws-client';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo users 100010 (13) and 100012 (15) are in one age band.
const A = 100_010;
const B = 100_012;

async function initDataOf(userId: number): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}`);
  return ((await res.json()) as { initData: string }).initData;
}

/** Both like each other over the explore channel, exactly as the app does; returns the chat id. */
async function match(a: number, b: number): Promise<string> {
  const wsBase = e2e.baseUrl.replace('http', 'ws');
  const sa = await openSocket(`${wsBase}/ws/likes?initData=${encodeURIComponent(await initDataOf(a))}`);
  const sb = await openSocket(`${wsBase}/ws/likes?initData=${encodeURIComponent(await initDataOf(b))}`);
  sa.send({ ch: 'explore', t: 'like', cid: 'a', data: { targetUserId: String(b) } });
  await sa.next((m) => m.cid === 'a');
  sb.send({ ch: 'explore', t: 'like', cid: 'b', data: { targetUserId: String(a) } });
  const reply = await sb.next<{ data: { chatId: string } }>((m) => m.cid === 'b' && m.t === 'match');
  await Promise.all([sa.close(), sb.close()]);
  return reply.data.chatId;
}

describe('chat between two demo users', () => {
  it('delivers a text, a photo (blurred until Показать) and a sticker', async () => {
    const chatId = await match(A, B);
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#3b82f6' } }).png().toBuffer();
    e2e.app.telegram!.addStickerSet({ name: 'orbita_demo_pack', title: 'Демо-набор', stickers: [{ emoji: '🙂', png }] });

    const pageA = await e2e.openAs(A, { route: `/messages/${chatId}` });
    const pageB = await e2e.openAs(B, { route: `/messages/${chatId}` });
    const listB = pageB.getByTestId('message-list');

    await pageA.getByLabel('Сообщение').fill('Привет! Как дела?');
    await pageA.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => listB.getByText('Привет! Как дела?').count(), { timeout: 15_000 }).toBe(1);

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#f97316' } }).jpeg().toBuffer();
    await pageA.getByTestId('attach-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    const reveal = pageB.getByRole('button', { name: 'Показать' });
    await expect.poll(() => reveal.count(), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(pageB, 'chat-photo-blurred');
    await reveal.click();
    await expect.poll(() => reveal.count()).toBe(0);

    await pageA.getByRole('button', { name: 'Стикеры' }).click();
    await pageA.getByLabel('Ссылка на стикер-пак').fill('https://t.me/addstickers/orbita_demo_pack');
    await pageA.getByRole('button', { name: 'Добавить' }).click();
    const pack = pageA.getByRole('region', { name: 'Демо-набор' });
    await expect.poll(() => pack.getByRole('button').count(), { timeout: 15_000 }).toBe(1);
    const imagesBefore = await listB.locator('img').count();
    await pack.getByRole('button').first().click();
    await expect.poll(() => listB.locator('img').count(), { timeout: 15_000 }).toBeGreaterThan(imagesBefore);
    await e2e.screenshot(pageB, 'chat-peer-view');
    await e2e.screenshot(pageA, 'chat-sender-view');
  });
});
