import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestBot, TEST_PUBLIC_URL, type TestBot } from '../support/test-bot';

let db: TestDatabase;
let bot: TestBot;
const person = { id: 42_000_001, first_name: 'Саша' };

beforeAll(async () => {
  db = await createTestDatabase();
  bot = await startTestBot(db.orm);
});
afterAll(async () => {
  await bot.stop();
  await db.drop();
});

const webAppButtons = (markup: unknown) =>
  ((markup as { inline_keyboard?: Array<Array<{ text: string; web_app?: { url: string } }>> })?.inline_keyboard ?? [])
    .flat()
    .filter((b) => b.web_app);

describe('/start', () => {
  it('sets the menu button to open the mini app', async () => {
    const call = await bot.telegram.waitForCall('setChatMenuButton');
    expect(call.params.menu_button).toMatchObject({ type: 'web_app', web_app: { url: `${TEST_PUBLIC_URL}/` } });
  });

  it('answers with a neutral greeting and a web-app button', async () => {
    bot.telegram.injectMessage(person, '/start');
    const sent = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === person.id);
    const text = String(sent.params.text);
    expect(text).toContain('Орбита');
    expect(text).not.toMatch(/ЛГБТ|LGBT|гей|лесби|квир|ориентац/i);
    const [button] = webAppButtons(sent.params.reply_markup);
    expect(button?.web_app?.url).toBe(`${TEST_PUBLIC_URL}/`);
    const log = bot.telegram.chatLog(person.id);
    expect(log.at(-1)).toMatchObject({ fromBot: true, text });
  });

  it('passes the region start parameter through to the mini app', async () => {
    const other = { id: 42_000_002, first_name: 'Женя' };
    bot.telegram.injectMessage(other, '/start WORLD');
    const sent = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === other.id);
    expect(webAppButtons(sent.params.reply_markup)[0]?.web_app?.url).toBe(`${TEST_PUBLIC_URL}/?region=WORLD`);
  });

  it('ignores an unknown start parameter', async () => {
    const other = { id: 42_000_003, first_name: 'Ким' };
    bot.telegram.injectMessage(other, '/start <script>');
    const sent = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === other.id);
    expect(webAppButtons(sent.params.reply_markup)[0]?.web_app?.url).toBe(`${TEST_PUBLIC_URL}/`);
  });

  it('answers a press of an unknown button so it does not spin', async () => {
    bot.telegram.injectMessage(person, '/start');
    const sent = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === person.id && c.at > Date.now() - 5000);
    const messageId = bot.telegram
      .chatLog(person.id)
      .filter((e) => e.fromBot)
      .at(-1)!.messageId;
    const id = bot.telegram.injectCallback(person, messageId, 'stale:button');
    const answer = await bot.telegram.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id);
    expect(answer.ok).toBe(true);
    expect(sent).toBeDefined();
  });
});

describe('Bot API rate limits', () => {
  it('retries a 429 after retry_after and delivers once', async () => {
    const other = { id: 42_000_004, first_name: 'Рита' };
    bot.telegram.failNext('sendMessage', 1, {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    const before = bot.telegram.callsTo('sendMessage').length;
    const started = Date.now();
    bot.telegram.injectMessage(other, '/start');
    await bot.telegram.waitForCall('sendMessage', (c) => c.ok && c.params.chat_id === other.id, 10_000);
    const attempts = bot.telegram
      .callsTo('sendMessage')
      .slice(before)
      .filter((c) => c.params.chat_id === other.id);
    expect(attempts.map((c) => c.ok)).toEqual([false, true]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(bot.telegram.chatLog(other.id).filter((e) => e.fromBot)).toHaveLength(1);
  });
});
