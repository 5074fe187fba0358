import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/e2e';
import { matchUsers, openThemed, sendTexts } from '../support/e2e-chat';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

// Demo boys 100010 (13, shows boys only), 100012 (15), 100018 (14) and 100024 (13, both show everyone) are in one age
// band and in each other's 'Кого показывать'.
const A = 100_010;
const B = 100_012;
let chatAB = '';
let chatAD = '';

/** Background colours of a peer text bubble, the conversation behind it, and a sticker's bubble, as drawn. */
function colours(page: Page) {
  return page.evaluate(() => {
    const bg = (el: Element | null | undefined) => (el ? getComputedStyle(el).backgroundColor : null);
    const peer = document.querySelector('li[data-own="false"] [data-shape="text"]');
    const sticker = document.querySelector('[data-shape="bare"]');
    return {
      peer: bg(peer),
      behind: bg(peer?.closest('section')),
      sticker: bg(sticker),
      stickerWidth: sticker?.querySelector('img')?.getBoundingClientRect().width ?? 0,
    };
  });
}

describe('chat between two demo users', () => {
  it('delivers a text, a photo (blurred until Показать) and a sticker', async () => {
    chatAB = await matchUsers(e2e, A, B);
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#3b82f6' } })
      .png()
      .toBuffer();
    e2e.app.telegram!.addStickerSet({ name: 'orbita_demo_pack', title: 'Демо-набор', stickers: [{ emoji: '🙂', png }] });

    const pageA = await e2e.openAs(A, { route: `/messages/${chatAB}` });
    const pageB = await e2e.openAs(B, { route: `/messages/${chatAB}` });
    const listB = pageB.getByTestId('message-list');

    await pageA.getByLabel('Сообщение').fill('Привет! Как дела?');
    await pageA.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => listB.getByText('Привет! Как дела?').count(), { timeout: 15_000 }).toBe(1);

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#f97316' } })
      .jpeg()
      .toBuffer();
    await pageA.getByTestId('attach-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pageA.getByRole('dialog', { name: 'Отправка фото' }).getByRole('button', { name: 'Отправить' }).click();
    const reveal = pageB.getByRole('button', { name: 'Показать' });
    await expect.poll(() => reveal.count(), { timeout: 15_000 }).toBe(1);
    await pageB.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[alt="Фото"]')).every((img) => img.complete && img.naturalWidth > 0),
    );
    await e2e.screenshot(pageB, 'chat-photo-blurred');
    await reveal.click();
    await expect.poll(() => reveal.count()).toBe(0);

    await pageA.getByRole('button', { name: 'Стикеры' }).click();
    // The product's own pack is there from the start; a Telegram pack is added by link behind '+'.
    await expect.poll(() => pageA.getByRole('tabpanel', { name: 'Основные' }).getByRole('button').count(), { timeout: 15_000 }).toBe(12);
    await pageA.getByRole('button', { name: 'Добавить стикер-пак' }).click();
    await pageA.getByLabel('Ссылка на стикер-пак').fill('https://t.me/addstickers/orbita_demo_pack');
    await pageA.getByRole('button', { name: 'Добавить', exact: true }).click();
    const pack = pageA.getByRole('tabpanel', { name: 'Демо-набор' });
    await expect.poll(() => pack.getByRole('button').count(), { timeout: 15_000 }).toBe(1);
    const imagesBefore = await listB.locator('img').count();
    await pack.getByRole('button').first().click();
    await expect.poll(() => listB.locator('img').count(), { timeout: 15_000 }).toBeGreaterThan(imagesBefore);
    await e2e.screenshot(pageB, 'chat-peer-view');
    await e2e.screenshot(pageA, 'chat-sender-view');
    await Promise.all([pageA.context().close(), pageB.context().close()]);
  });

  it.each(['light', 'dark'] as const)('draws the list and the conversation legibly in Telegram’s %s theme', async (theme) => {
    if (theme === 'light') {
      await sendTexts(e2e, B, chatAB, ['Хорошо! Только что вернулась из школы', 'А ты чем занимаешься?']);
      await sendTexts(e2e, A, chatAB, ['Рисую комикс 🙂 Покажу потом']);
      const chatAC = await matchUsers(e2e, A, 100_018);
      await sendTexts(e2e, 100_018, chatAC, ['Привет!', 'Видел новый выпуск?', 'Там такой поворот в конце']);
      chatAD = await matchUsers(e2e, A, 100_024);
    }
    const list = await openThemed(e2e, A, '/chat', theme, { [`chat-draft:${chatAD}`]: 'Привет! Давно хотел спросить' });
    await expect.poll(() => list.getByRole('link', { name: /Даня/ }).count(), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(list, `chat-list-${theme}`);

    const chat = await openThemed(e2e, A, `/messages/${chatAB}`, theme);
    await expect.poll(() => chat.getByText('А ты чем занимаешься?').count(), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(chat, `chat-conversation-${theme}`);
    const drawn = await colours(chat);
    // The peer's bubble stands out from the conversation behind it; a sticker has no bubble at all.
    expect(drawn.peer).not.toBe(drawn.behind);
    expect(drawn.sticker).toBe('rgba(0, 0, 0, 0)');
    expect(drawn.stickerWidth).toBe(140);

    await chat.getByText('А ты чем занимаешься?').click({ button: 'right' });
    await expect.poll(() => chat.getByRole('menuitem', { name: 'Пожаловаться' }).count()).toBe(1);
    // The sheet's rise: shot once its animations have ended.
    await chat.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await e2e.screenshot(chat, `chat-menu-${theme}`);
    await chat.getByRole('menuitem', { name: 'Отмена' }).click();
    await chat.getByRole('button', { name: 'Стикеры' }).click();
    await expect.poll(() => chat.getByRole('tabpanel', { name: 'Демо-набор' }).getByRole('button').count(), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(chat, `chat-stickers-${theme}`);
    await Promise.all([list.context().close(), chat.context().close()]);
  });

  it('keeps a text and a photo sent offline as sending, and delivers each once when the connection returns', async () => {
    const page = await openThemed(e2e, A, `/messages/${chatAD}`, 'light');
    const list = page.getByTestId('message-list');
    await expect.poll(() => page.getByRole('button', { name: 'Поздороваться 👋' }).count(), { timeout: 15_000 }).toBe(1);
    await e2e.screenshot(page, 'chat-empty-light');

    await page.context().setOffline(true);
    await page.getByLabel('Сообщение').fill('Пишу из метро');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#22c55e' } })
      .jpeg()
      .toBuffer();
    const uploadFailed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/cdn/images/upload'));
    await page.getByTestId('attach-input').setInputFiles({ name: 'metro.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('dialog', { name: 'Отправка фото' }).getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => list.getByLabel('Отправляется').count(), { timeout: 10_000 }).toBe(2);
    // Offline is not a failure: both keep their clock instead of 'Не отправлено'. Barrier: the photo's upload
    // failed and the page has drawn a frame since (the text has nothing to fail on while the socket is down).
    await uploadFailed;
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await list.getByLabel('Отправляется').count()).toBe(2);
    expect(await list.getByText(/Не отправлено/).count()).toBe(0);
    await e2e.screenshot(page, 'chat-offline-pending');

    await page.context().setOffline(false);
    await expect.poll(() => list.getByLabel('Отправляется').count(), { timeout: 20_000 }).toBe(0);
    expect(await list.getByText('Пишу из метро').count()).toBe(1);
    expect(await list.getByAltText('Фото').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('message-list').getByText('Пишу из метро').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('message-list').getByAltText('Фото').count()).toBe(1);
    await page.context().close();
  });

  it('keeps initData out of every URL it requests, sockets and uploads included (proxy logs keep URLs)', async () => {
    const page = await e2e.openAs(A, { route: `/messages/${chatAB}` });
    const urls: string[] = [];
    page.on('request', (request) => void (request.isNavigationRequest() || urls.push(request.url())));
    page.on('websocket', (socket) => void urls.push(socket.url()));
    // Started again with the listeners on: every call of a launch is seen.
    await page.reload();
    const list = page.getByTestId('message-list');
    await page.getByLabel('Сообщение').fill('Без initData в адресе');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a855f7' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('attach-input').setInputFiles({ name: 'url.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('dialog', { name: 'Отправка фото' }).getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => list.getByLabel('Отправляется').count(), { timeout: 20_000 }).toBe(0);
    expect(await list.getByText('Без initData в адресе').count()).toBe(1);
    expect(urls.some((url) => url.endsWith('/ws/messages'))).toBe(true);
    expect(urls.some((url) => url.includes('/api/cdn/images/upload'))).toBe(true);
    expect(urls.some((url) => url.includes('/api/') && url.includes('?'))).toBe(true);
    expect(urls.filter((url) => /initData|tgWebAppData|auth_date|hash=/.test(decodeURIComponent(url)))).toEqual([]);
    await page.context().close();
  });
});
