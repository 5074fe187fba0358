import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendResultSchema, stickerImportResponseSchema, stickersResponseSchema } from '../../../contracts/chat';
import { apiGet, apiPost, createPair, messagesSocket, subscribe } from '../../support/chats';
import { createMember } from '../../support/factories';
import { makeImage } from '../../support/images';
import { startStickerTelegram, type StickerTelegram } from '../../support/sticker-source';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let packs: StickerTelegram;
beforeAll(async () => {
  packs = await startStickerTelegram();
  app = await createTestApp({ stickerSource: packs.stickerSource });
});
afterAll(async () => {
  await app.close();
  await packs.close();
});
const em = () => app.db.orm.em.fork();
const DEFAULT_PACK = { name: 'product:default', title: 'Основные', count: 12 };
/** The stickers of the packs the user added (the product's own pack, which everyone has, left out). */
const addedStickers = (all: { stickers: Array<{ packName: string }> }) => all.stickers.filter((s) => s.packName !== DEFAULT_PACK.name);

async function addSet(name: string, count = 3) {
  const stickers = [];
  for (let i = 0; i < count; i++)
    stickers.push({ emoji: i === 0 ? '😀' : undefined, png: await makeImage('png', { width: 512, height: 512 - i }) });
  packs.addPack(name, stickers);
}

describe('sticker packs through the Bot API', () => {
  it('imports a t.me/addstickers link, lists the pack, and sends one of its stickers to the peer', async () => {
    await addSet('Cats_by_test');
    const { a, b, chatId } = await createPair(app);
    const imported = stickerImportResponseSchema.parse(
      (await apiPost(app, a, '/api/stickers/import', { telegramUrl: 'https://t.me/addstickers/Cats_by_test' })).body,
    );
    expect(imported).toMatchObject({
      message: 'Стикер-пак успешно добавлен!',
      pack: { name: 'Cats_by_test', title: 'Набор Cats_by_test', count: 3 },
    });
    expect(packs.telegram.callsTo('getStickerSet')).toHaveLength(1);
    expect(packs.telegram.callsTo('getFile')).toHaveLength(3);

    const all = stickersResponseSchema.parse((await apiGet(app, a, '/api/stickers/all')).body);
    expect(all.packs).toEqual([{ name: 'Cats_by_test', title: 'Набор Cats_by_test', count: 3 }, DEFAULT_PACK]);
    expect(addedStickers(all)).toHaveLength(3);
    expect(all.stickers[0]).toMatchObject({ name: '😀', packName: 'Cats_by_test' });
    const picture = await app.request.get(all.stickers[0]!.imageUrl).buffer(true);
    expect(picture.status).toBe(200);
    expect((await sharp(picture.body as Buffer).metadata()).format).toBe('webp');

    const peer = await messagesSocket(app, b);
    await subscribe(peer, chatId);
    const sent = sendResultSchema.parse(
      (await apiPost(app, a, '/api/messages/send-sticker', { chatId: String(chatId), stickerId: all.stickers[1]!.id, clientId: 's-1' }))
        .body,
    );
    expect(sent.message).toMatchObject({
      messageType: 'STICKER',
      stickerId: all.stickers[1]!.id,
      stickerUrl: all.stickers[1]!.imageUrl,
      text: null,
    });
    expect(await peer.next((m) => m.t === 'message')).toMatchObject({
      data: { message: { stickerId: all.stickers[1]!.id, stickerUrl: all.stickers[1]!.imageUrl } },
    });
    expect(await peer.next((m) => m.t === 'newMessage')).toMatchObject({ data: { preview: { last: 'Стикер' } } });
    // The peer does not have the pack: they see the sticker but cannot send it.
    const refused = await apiPost(app, b, '/api/messages/send-sticker', { chatId: String(chatId), stickerId: all.stickers[1]!.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Стикер не найден: сначала добавьте стикер-пак');
    await peer.close();
  });

  it('arrives blurred to the peer in a chat between minors (the server decides by the pair’s ages), unblurred between adults', async () => {
    await addSet('Blur_by_test', 1);
    const minors = await createPair(app, { age: 15 });
    const adults = await createPair(app, { age: 19 });
    const blurredFor = async (pair: { a: number; b: number; chatId: number }) => {
      await apiPost(app, pair.a, '/api/stickers/import', { telegramUrl: 't.me/addstickers/Blur_by_test' });
      const stickerId = stickersResponseSchema.parse((await apiGet(app, pair.a, '/api/stickers/all')).body).stickers[0]!.id;
      const peer = await messagesSocket(app, pair.b);
      await subscribe(peer, pair.chatId);
      const sent = sendResultSchema.parse(
        (await apiPost(app, pair.a, '/api/messages/send-sticker', { chatId: String(pair.chatId), stickerId })).body,
      );
      const pushed = (await peer.next((m) => m.t === 'message')).data as { message: { blurred: boolean } };
      const listed = (await peer.next((m) => m.t === 'newMessage')).data as { message: { blurred: boolean } };
      const history = (who: number) =>
        apiGet(app, who, '/api/messages/history', { chatId: String(pair.chatId) }).then((r) => r.body.messages[0].blurred as boolean);
      const caughtUp = ((await subscribe(peer, pair.chatId, 0)).data.messages as Array<{ blurred: boolean }>)[0]!.blurred;
      await peer.close();
      return {
        sender: [sent.message.blurred, await history(pair.a)],
        peer: [pushed.message.blurred, listed.message.blurred, await history(pair.b), caughtUp],
      };
    };
    expect(await blurredFor(minors)).toEqual({ sender: [false, false], peer: [true, true, true, true] });
    expect(await blurredFor(adults)).toEqual({ sender: [false, false], peer: [false, false, false, false] });
  });

  it('stores a set once: a second user (any link form) only links it, without asking Telegram', async () => {
    await addSet('Dogs_by_test', 2);
    const [u1, u2] = [await createMember(em()), await createMember(em())];
    await apiPost(app, u1, '/api/stickers/import', { telegramUrl: 't.me/addstickers/Dogs_by_test' });
    const calls = packs.telegram.callsTo('getStickerSet').length;
    const second = await apiPost(app, u2, '/api/stickers/import', { telegramUrl: 'tg://addstickers?set=Dogs_by_test' });
    expect(second.body).toMatchObject({ ok: true, pack: { name: 'Dogs_by_test', count: 2 } });
    expect(packs.telegram.callsTo('getStickerSet')).toHaveLength(calls);
    const rows = (await em()
      .getConnection()
      .execute(`SELECT count(*) AS n FROM stickers s JOIN sticker_packs p ON p.id = s.pack_id WHERE p.name = 'Dogs_by_test'`)) as Array<{
      n: string;
    }>;
    expect(Number(rows[0]!.n)).toBe(2);
    expect(addedStickers((await apiGet(app, u2, '/api/stickers/all')).body)).toHaveLength(2);
  });

  it("gives every user the product's own pack from the start, drawn and stored once, and its stickers can be sent (issue 40 item 8)", async () => {
    const { a, b, chatId } = await createPair(app);
    const [first, again] = await Promise.all([apiGet(app, a, '/api/stickers/all'), apiGet(app, b, '/api/stickers/all')]);
    const all = stickersResponseSchema.parse(first.body);
    expect(all.packs).toEqual([DEFAULT_PACK]);
    expect(all.stickers.map((s) => s.packName)).toEqual(Array(12).fill(DEFAULT_PACK.name));
    expect(stickersResponseSchema.parse(again.body).stickers.map((s) => s.id)).toEqual(all.stickers.map((s) => s.id));
    const picture = await app.request.get(all.stickers[0]!.imageUrl).buffer(true);
    expect(picture.status).toBe(200);
    expect((await sharp(picture.body as Buffer).metadata()).format).toBe('webp');
    const rows = (await em().getConnection().execute(`SELECT count(*) AS n FROM sticker_packs WHERE name = 'product:default'`)) as Array<{
      n: string;
    }>;
    expect(Number(rows[0]!.n)).toBe(1);
    // Nothing was asked of Telegram for it.
    expect(packs.telegram.callsTo('getStickerSet').filter((c) => JSON.stringify(c).includes('product'))).toHaveLength(0);

    const peer = await messagesSocket(app, b);
    await subscribe(peer, chatId);
    const sent = await apiPost(app, a, '/api/messages/send-sticker', {
      chatId: String(chatId),
      stickerId: all.stickers[3]!.id,
      clientId: 'd-1',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await peer.next((m) => m.t === 'message')).toMatchObject({ data: { message: { stickerUrl: all.stickers[3]!.imageUrl } } });
    await peer.close();
  });

  it('explains blank links, wrong links and unknown sets', async () => {
    const me = await createMember(em());
    const cases: Array<[string | undefined, number, string]> = [
      ['   ', 400, 'Укажите ссылку на стикер-пак'],
      [undefined, 400, 'Укажите ссылку на стикер-пак'],
      ['https://example.com/addstickers/Cats', 400, 'Ссылка должна быть вида https://t.me/addstickers/NAME'],
      ['https://t.me/addstickers/../../etc', 400, 'Ссылка должна быть вида https://t.me/addstickers/NAME'],
      ['https://t.me/addstickers/NoSuchSet', 404, 'Стикер-пак не найден. Проверьте ссылку'],
    ];
    for (const [telegramUrl, status, message] of cases) {
      const res = await apiPost(app, me, '/api/stickers/import', telegramUrl === undefined ? {} : { telegramUrl });
      expect(res.status, String(telegramUrl)).toBe(status);
      expect(res.body, String(telegramUrl)).toMatchObject({ ok: false, message });
    }
    expect((await apiGet(app, me, '/api/stickers/all')).body.packs).toEqual([DEFAULT_PACK]);
  });

  it('limits repeated imports to 5 an hour with a 429', async () => {
    await addSet('Spam_by_test', 1);
    const me = await createMember(em());
    for (let i = 0; i < 5; i++)
      expect((await apiPost(app, me, '/api/stickers/import', { telegramUrl: 't.me/addstickers/Spam_by_test' })).status).toBe(200);
    const res = await apiPost(app, me, '/api/stickers/import', { telegramUrl: 't.me/addstickers/Spam_by_test' });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Слишком много импортов стикеров\. Попробуйте через \d+ мин$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
