import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../db/users/user.entity';
import { createMember } from '../support/factories';
import { startAppAndBot, type AppAndBot } from '../support/test-bot';

let t: AppAndBot;
beforeAll(async () => {
  t = await startAppAndBot();
});
afterAll(() => t?.stop());

/** Writes to the bot as that user and waits for the bot's answer (the write is recorded before any feature answers). */
async function write(id: number, text: string) {
  const from = t.bot.telegram.calls.length;
  t.bot.telegram.injectMessage({ id, first_name: 'Аня' }, text);
  await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id && t.bot.telegram.calls.indexOf(c) >= from, 8000);
}

describe('the bot records write access when the user writes to it (issue 40)', () => {
  it('/start from a user who opened the app by a direct link lets the bot write to them', async () => {
    const id = await createMember(t.em());
    expect((await t.em().findOneOrFail(User, { telegramId: id })).writeAccess).toBeNull();
    await write(id, '/start');
    expect((await t.em().findOneOrFail(User, { telegramId: id })).writeAccess).toBe(true);
  });

  it('someone with no account yet gets the greeting and no users row', async () => {
    await write(990_123, '/start');
    expect(await t.em().findOne(User, { telegramId: 990_123 })).toBeNull();
  });
});
