import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hub } from '../../api/realtime/hub';
import { createBot } from '../../bot/bot';
import { startBotWork } from '../../bot/bot-work';
import { loadConfig } from '../../bot/config';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { webhookSecretFor } from '../../bot/webhook';
import { changeRole } from '../../db/admin/role-change.service';
import { EventBus } from '../../db/events/event-bus';
import { createLogger } from '../../platform/logger';
import { ImageCodec } from '../../db/media/image-codec';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { User } from '../../db/users/user.entity';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The bot process sets its menu button and commands in both update modes, and follows role changes.
const PUBLIC_URL = 'https://app.example.test';
const ADMIN_NAMES = ['start', 'stats', 'ban', 'unban', 'role', 'admin'];
const names = (list: Array<{ command: string }>) => list.map((c) => c.command);
const scopeOf = (userId: number) => ({ type: 'chat', chat_id: userId });
const sameScope = (userId: number) => (c: { params: Record<string, unknown> }) =>
  JSON.stringify(c.params.scope) === JSON.stringify(scopeOf(userId));

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  const em = db.orm.em.fork();
  em.create(User, { telegramId: 44_000_001, role: 'ADMIN' });
  em.create(User, { telegramId: 44_000_002, role: 'USER' });
  em.create(User, { telegramId: 44_000_003, role: 'MODERATOR' });
  await em.flush();
});
afterAll(() => db.drop());

interface Running {
  telegram: FakeTelegram;
  bus: EventBus;
  stop(): Promise<void>;
}

async function startWork(env: Record<string, string>): Promise<Running> {
  const telegram = await startFakeTelegram();
  const logger = createLogger('silent');
  const bus = new EventBus(logger);
  const config = loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, PUBLIC_URL, DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env });
  const bot = createBot({
    token: TEST_BOT_TOKEN,
    apiRoot: telegram.url,
    publicUrl: PUBLIC_URL,
    productName: 'Орбита',
    orm: db.orm,
    logger,
    bus,
  });
  const storage = createLocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), 'bot-setup-')));
  const work = await startBotWork({
    config,
    bot,
    orm: db.orm,
    bus,
    hub: new Hub(),
    storage,
    codec: new ImageCodec(),
    logger,
    webhookSecret: webhookSecretFor(TEST_BOT_TOKEN, null),
    databaseUrl: db.url,
  });
  return { telegram, bus, stop: async () => (await work.stop(), await telegram.close()) };
}

describe.each([
  ['long polling', {}],
  ['webhook', { WEBHOOK_URL: 'https://hook.example.test' }],
])('bot set-up in %s mode', (_mode, env) => {
  let run: Running;
  beforeAll(async () => {
    run = await startWork(env);
  });
  afterAll(() => run.stop());

  it('sets the menu button to the mini app and /start for everyone', async () => {
    const menu = await run.telegram.waitForCall('setChatMenuButton');
    expect(menu.params.menu_button).toMatchObject({ type: 'web_app', web_app: { url: `${PUBLIC_URL}/` } });
    await run.telegram.waitForCall('setMyCommands', (c) => c.params.scope === undefined);
    expect(names(run.telegram.commandsFor())).toEqual(['start']);
  });

  it("gives the admin commands only in each admin's own chat", async () => {
    await run.telegram.waitForCall('setMyCommands', sameScope(44_000_001));
    expect(names(run.telegram.commandsFor(scopeOf(44_000_001)))).toEqual(ADMIN_NAMES);
    // A ban needs a reason (AMENDMENTS §5.3): the menu does not show it as optional.
    const ban = run.telegram.commandsFor(scopeOf(44_000_001)).find((c) => c.command === 'ban');
    expect(ban?.description).toBe('Заблокировать: /ban ID причина');
    expect(run.telegram.commandsFor(scopeOf(44_000_002))).toEqual([]);
    expect(run.telegram.commandsFor(scopeOf(44_000_003))).toEqual([]);
  });

  it('adds them for a new admin and takes them away from a demoted one', async () => {
    const em = db.orm.em.fork();
    const actor = await em.findOneOrFail(User, { telegramId: 44_000_001 });
    await changeRole(em, run.bus, actor, 44_000_003, 'ADMIN');
    await run.telegram.waitForCall('setMyCommands', sameScope(44_000_003));
    expect(names(run.telegram.commandsFor(scopeOf(44_000_003)))).toEqual(ADMIN_NAMES);

    await changeRole(em, run.bus, actor, 44_000_003, 'MODERATOR');
    await run.telegram.waitForCall('deleteMyCommands', sameScope(44_000_003));
    expect(run.telegram.commandsFor(scopeOf(44_000_003))).toEqual([]);
    // A user made moderator gets nothing new.
    await changeRole(em, run.bus, actor, 44_000_002, 'MODERATOR');
    expect(run.telegram.commandsFor(scopeOf(44_000_002))).toEqual([]);
  });
});
