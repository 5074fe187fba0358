import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bot, GrammyError, HttpError, InlineKeyboard, InputFile } from 'grammy';
import { startFakeTelegram, type FakeTelegram, type FakeUser } from '../../bot/dev/fake-telegram';

const TOKEN = '123456:FAKE-TOKEN';
const alice: FakeUser = { id: 101, first_name: 'Alice', username: 'alice', language_code: 'en' };

/** Just enough PNG (signature + IHDR) for the fake to read the size. */
function fakePng(width: number, height: number, fill = 0): Buffer {
  const header = Buffer.alloc(33, fill);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

/** Starts long polling and resolves once grammY is set up; the returned function stops it. */
async function startPolling(bot: Bot): Promise<() => Promise<void>> {
  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const running = bot.start({ onStart: () => markStarted() });
  await Promise.race([started, running]);
  return async () => {
    await bot.stop();
    await running;
  };
}

async function rejection(promise: Promise<unknown>): Promise<GrammyError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof GrammyError) return err;
    throw err;
  }
  throw new Error('expected a GrammyError');
}

describe('fake Telegram Bot API', () => {
  let fake: FakeTelegram;
  let bot: Bot;

  beforeEach(async () => {
    fake = await startFakeTelegram({ botInfo: { username: 'dating_test_bot' } });
    bot = new Bot(TOKEN, { client: { apiRoot: fake.url } });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('delivers /start and a button press to a long-polling grammY bot', async () => {
    const seen: { chatInstance?: string; pressedOn?: number } = {};
    bot.command('start', (ctx) =>
      ctx.reply(`Welcome, ${ctx.from?.first_name}!`, { reply_markup: new InlineKeyboard().text('Like', 'like:7') }),
    );
    bot.callbackQuery(/^like:(\d+)$/, async (ctx) => {
      seen.chatInstance = ctx.callbackQuery.chat_instance;
      seen.pressedOn = ctx.callbackQuery.message?.message_id;
      await ctx.answerCallbackQuery({ text: `Liked #${ctx.match[1]}` });
      await ctx.editMessageText('You liked #7');
    });
    const stop = await startPolling(bot);
    try {
      expect(bot.botInfo.username).toBe('dating_test_bot');
      const updateId = fake.injectMessage(alice, '/start');
      expect(updateId).toBeGreaterThan(0);
      const sent = await fake.waitForCall('sendMessage');
      expect(sent).toMatchObject({ token: TOKEN, ok: true, params: { chat_id: alice.id } });

      const log = fake.chatLog(alice.id);
      expect(fake.chatIds()).toEqual([alice.id]);
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ fromBot: false, text: '/start', edited: false });
      expect(log[1]).toMatchObject({
        fromBot: true,
        text: 'Welcome, Alice!',
        edited: false,
        replyMarkup: { inline_keyboard: [[{ text: 'Like', callback_data: 'like:7' }]] },
      });
      const welcome = log[1]?.messageId ?? -1;

      const callbackId = fake.injectCallback(alice, welcome, 'like:7');
      await fake.waitForCall('editMessageText');
      expect(fake.callsTo('answerCallbackQuery')[0]?.params.callback_query_id).toBe(callbackId);
      expect(seen).toEqual({ chatInstance: expect.any(String), pressedOn: welcome });

      const edited = fake.chatLog(alice.id)[1];
      expect(edited).toMatchObject({ messageId: welcome, text: 'You liked #7', edited: true, callbackAnswer: 'Liked #7' });
      // Telegram drops the inline keyboard when an edit omits reply_markup.
      expect(edited?.replyMarkup).toBeUndefined();
    } finally {
      await stop();
    }
    expect(fake.callsTo('getMe')).toHaveLength(1);
    expect(fake.callsTo('deleteWebhook')).toHaveLength(1);
  });

  it('holds getUpdates until an update arrives and honours offset', async () => {
    const pending = bot.api.getUpdates({ timeout: 30 });
    await fake.waitForPoll();
    fake.injectMessage(alice, 'hello');
    const first = await pending;
    expect(first).toHaveLength(1);
    expect(first[0]?.message).toMatchObject({ text: 'hello', from: { id: alice.id, is_bot: false } });
    expect(first[0]?.message?.entities).toBeUndefined();

    // Without a new offset the same update is delivered again; with it, it is confirmed.
    const updateId = first[0]?.update_id ?? 0;
    expect(await bot.api.getUpdates({ offset: updateId })).toHaveLength(1);
    expect(await bot.api.getUpdates({ offset: updateId + 1, timeout: 0 })).toEqual([]);

    fake.injectMessage(alice, '/match@dating_test_bot now');
    const [command] = await bot.api.getUpdates({ offset: updateId + 1 });
    expect(command?.message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 22 }]);
  });

  it('edits text in place and refuses no-op edits like Telegram', async () => {
    const msg = await bot.api.sendMessage(alice.id, '<b>Hi</b> &amp; bye', { parse_mode: 'HTML' });
    expect(msg.chat).toEqual({ id: alice.id, type: 'private', first_name: `User ${alice.id}` });
    expect(msg.from?.is_bot).toBe(true);
    expect(msg.text).toBe('Hi & bye');
    await bot.api.editMessageText(alice.id, msg.message_id, 'Hi again', {
      reply_markup: new InlineKeyboard().text('Ok', 'ok'),
    });
    expect(fake.chatLog(alice.id)).toEqual([expect.objectContaining({ messageId: msg.message_id, text: 'Hi again', edited: true })]);
    const err = await rejection(
      bot.api.editMessageText(alice.id, msg.message_id, 'Hi again', { reply_markup: new InlineKeyboard().text('Ok', 'ok') }),
    );
    expect(err.error_code).toBe(400);
    expect(err.description).toMatch(/message is not modified/);
    expect(fake.callsTo('editMessageText').map((c) => c.ok)).toEqual([true, false]);

    await bot.api.deleteMessage(alice.id, msg.message_id);
    expect(fake.chatLog(alice.id)).toEqual([]);
  });

  it('accepts photo uploads as multipart and serves them back', async () => {
    const png = fakePng(640, 480, 7);
    const msg = await bot.api.sendPhoto(alice.id, new InputFile(png, 'kitten.png'), {
      caption: 'New match',
      reply_markup: new InlineKeyboard().text('Open', 'open'),
    });
    const call = fake.callsTo('sendPhoto')[0];
    // Multipart fields arrive as strings; JSON and numeric fields are decoded.
    expect(call?.params).toMatchObject({
      chat_id: alice.id,
      caption: 'New match',
      reply_markup: { inline_keyboard: expect.any(Array) },
    });
    expect(msg.photo?.[0]).toMatchObject({ width: 640, height: 480, file_size: png.length });
    expect(fake.chatLog(alice.id)).toEqual([expect.objectContaining({ photo: true, caption: 'New match', fromBot: true })]);

    const fileId = msg.photo?.[0]?.file_id ?? '';
    const again = await bot.api.sendPhoto(alice.id, fileId);
    expect(again.photo?.[0]?.file_unique_id).toBe(msg.photo?.[0]?.file_unique_id);

    const file = await bot.api.getFile(fileId);
    const download = await fetch(`${fake.url}/file/bot${TOKEN}/${file.file_path}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);

    const album = await bot.api.sendMediaGroup(alice.id, [
      { type: 'photo', media: new InputFile(fakePng(10, 10, 1)), caption: 'one' },
      { type: 'photo', media: new InputFile(fakePng(20, 20, 2)) },
    ]);
    expect(album).toEqual([
      expect.objectContaining({ caption: 'one', media_group_id: expect.any(String) }),
      expect.objectContaining({ photo: [expect.objectContaining({ width: 20, height: 20 })] }),
    ]);
    const groupIds = album.map((m) => (m as { media_group_id?: string }).media_group_id);
    expect(groupIds[1]).toBe(groupIds[0]);
    expect(fake.chatLog(alice.id).filter((e) => e.photo)).toHaveLength(4);
  });

  it('answers failNext failures as GrammyErrors, then recovers', async () => {
    fake.failNext('sendMessage', 1, {
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
    const err = await rejection(bot.api.sendMessage(alice.id, 'first'));
    expect(err.error_code).toBe(429);
    expect(err.parameters.retry_after).toBe(3);
    await bot.api.sendMessage(alice.id, 'second');
    expect(fake.callsTo('sendMessage').map((c) => c.ok)).toEqual([false, true]);
    expect(fake.chatLog(alice.id).map((e) => e.text)).toEqual(['second']);
  });

  it('fails with failWith modes (429 with retry_after, 5xx, unreachable) for the calls asked, then recovers', async () => {
    fake.failWith({ status: 429, retryAfter: 2 }, { times: 1 });
    expect(await rejection(bot.api.sendMessage(alice.id, 'a'))).toMatchObject({ error_code: 429, parameters: { retry_after: 2 } });
    fake.failWith({ status: 503 }, { times: 2, methods: ['sendMessage'] });
    await expect(bot.api.getMe()).resolves.toMatchObject({ is_bot: true });
    expect(await rejection(bot.api.sendMessage(alice.id, 'b'))).toMatchObject({ error_code: 503 });
    expect(await rejection(bot.api.sendMessage(alice.id, 'c'))).toMatchObject({ error_code: 503 });
    fake.failWith('unreachable');
    await expect(bot.api.sendMessage(alice.id, 'd')).rejects.toBeInstanceOf(HttpError);
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);
    fake.failWith(null);
    await bot.api.sendMessage(alice.id, 'e');
    expect(fake.callsTo('sendMessage').map((c) => c.ok)).toEqual([false, false, false, false, true]);
    expect(fake.chatLog(alice.id).map((e) => e.text)).toEqual(['e']);
  });

  it('round-trips a sticker set through getStickerSet, getFile and the file URL', async () => {
    const png = fakePng(512, 256, 3);
    fake.addStickerSet({ name: 'hearts_by_bot', title: 'Hearts', stickers: [{ emoji: '❤️', png }] });
    const set = await bot.api.getStickerSet('hearts_by_bot');
    expect(set).toMatchObject({ name: 'hearts_by_bot', title: 'Hearts', sticker_type: 'regular' });
    expect(set.stickers[0]).toMatchObject({
      type: 'regular',
      width: 512,
      height: 256,
      is_animated: false,
      is_video: false,
      emoji: '❤️',
    });

    const file = await bot.api.getFile(set.stickers[0]?.file_id ?? '');
    expect(file.file_size).toBe(png.length);
    const res = await fetch(`${fake.url}/file/bot${TOKEN}/${file.file_path}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    const missing = await rejection(bot.api.getStickerSet('nope'));
    expect(missing).toMatchObject({ error_code: 400, description: 'Bad Request: STICKERSET_INVALID' });
  });

  it('answers 403 to a user who blocked the bot until they write again', async () => {
    fake.blockBot(alice.id);
    const err = await rejection(bot.api.sendMessage(alice.id, 'ping'));
    expect(err).toMatchObject({ error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await expect(bot.api.sendPhoto(alice.id, new InputFile(fakePng(1, 1)))).rejects.toMatchObject({ error_code: 403 });
    expect(fake.calls.filter((c) => !c.ok).map((c) => c.method)).toEqual(['sendMessage', 'sendPhoto']);

    fake.injectMessage(alice, 'I am back');
    await expect(bot.api.sendMessage(alice.id, 'welcome back')).resolves.toMatchObject({ text: 'welcome back' });
  });

  it('answers 502 while down and 404 for unknown methods', async () => {
    fake.setDown(true);
    await expect(bot.api.getMe()).rejects.toMatchObject({ error_code: 502 });
    fake.setDown(false);
    await expect(bot.api.getMe()).resolves.toMatchObject({ username: 'dating_test_bot', is_bot: true });

    const res = await fetch(`${fake.url}/bot${TOKEN}/sendTelepathy`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });
  });

  it('notifies listeners and closes promptly with a poll in flight', async () => {
    let changes = 0;
    const off = fake.onChange(() => changes++);
    fake.injectMessage(alice, 'hi');
    off();
    expect(changes).toBe(1);

    await expect(fake.waitForCall('sendMessage', undefined, 50)).rejects.toThrow(/no sendMessage call/);
    await expect(fake.waitForPoll(50)).rejects.toThrow(/no getUpdates poll waiting/);
    const poll = bot.api.getUpdates({ offset: 1_000, timeout: 30 });
    await fake.waitForPoll();
    const startedAt = Date.now();
    await fake.close();
    await expect(poll).resolves.toEqual([]);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });
});
