import Router from '@koa/router';
import { Script } from 'node:vm';
import { Bot, InlineKeyboard, Keyboard } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { createLauncherRoutes } from '../../bot/dev/launcher.routes';
import type { ChatAnswer } from '../../bot/dev/launcher/launcher-answers';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = '123456:LAUNCHER-TEST';
const person = { id: 100_500, first_name: 'Аня', language_code: 'ru' };
let app: TestApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  // The launcher's routes need the app's database: mounted inside a router the app already has.
  const mount = new Router();
  app = await createTestApp({ extraRoutes: [mount] });
  const launcher = createLauncherRoutes({ orm: app.db.orm, telegram, botToken: TOKEN, productName: 'Орбита' });
  mount.use(launcher.routes(), launcher.allowedMethods());
});
afterAll(async () => {
  await app?.close();
  await telegram?.close();
});

describe('/dev launcher page', () => {
  it('carries no inline script: its script is the TypeScript of bot/dev/launcher/, bundled and minified with the server', async () => {
    const page = await app.request.get('/dev');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Орбита — демо-запуск</title>');
    expect(page.text).toContain('<script type="module" src="/dev/launcher.js"></script>');
    expect(page.text).not.toMatch(/<script[^>]*>[^<]/);

    const script = await app.request.get('/dev/launcher.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    // Plain JavaScript (no type syntax left), minified into a line or two, with the Telegram stand-in in it.
    expect(() => new Script(script.text)).not.toThrow();
    expect(script.text.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(script.text).toContain('web_app_request_write_access');
    expect(script.text).toContain('/dev/api/chat/');
  });
});

describe('/dev/api/chat/:id', () => {
  it('answers the chat with the inline keyboards under its messages, and no other keyboard', async () => {
    telegram.injectMessage(person, '/start');
    const bot = new Bot(TOKEN, { client: { apiRoot: telegram.url } });
    await bot.api.sendMessage(person.id, 'Выберите', { reply_markup: new Keyboard().text('Да').oneTime() });
    await bot.api.sendMessage(person.id, 'Откройте', {
      reply_markup: new InlineKeyboard().webApp('Открыть приложение', 'https://example.org/?region=WORLD'),
    });

    const res = await app.request.get(`/dev/api/chat/${person.id}`);
    expect(res.status).toBe(200);
    const { entries } = res.body as ChatAnswer;
    expect(entries.map((e) => [e.text, e.replyMarkup])).toEqual([
      ['/start', undefined],
      ['Выберите', undefined],
      ['Откройте', { inline_keyboard: [[{ text: 'Открыть приложение', web_app: { url: 'https://example.org/?region=WORLD' } }]] }],
    ]);
  });

  it('refuses an id that is not a Telegram id with 400, as every /dev route does', async () => {
    for (const path of ['/dev/api/chat/abc', '/dev/api/launch/-1']) {
      const res = await app.request.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false });
    }
  });
});
