import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT, NEW_LIKE_TEXT } from '../../../bot/notifications/likes';
import { inTransaction } from '../../../db/events/event-bus';
import { swipe } from '../../../db/likes/likes.service';
import { Profile } from '../../../db/profiles/profile.entity';
import { sqlOf } from '../../../db/kysely';
import { createMember, createMembers, introduce, introduceBothWays } from '../../support/factories';
import { isNotificationOf } from '../../support/finished-jobs';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot } from '../../support/test-bot';

let t: AppAndBot;
beforeAll(async () => void (t = await startAppAndBot()));
afterAll(() => t?.stop());
const em = () => t.em();
const sentTo = (chatId: number, text: string) => t.sentTo(chatId, text);
const buttonUrl = (call: { params: Record<string, unknown> }) =>
  (call.params.reply_markup as { inline_keyboard: Array<Array<{ web_app?: { url: string } }>> }).inline_keyboard[0]?.[0]?.web_app?.url;

describe('like and match notifications', () => {
  it('tells the receiver of a like once per 5 minutes, neutrally, with a button to the likes screen', async () => {
    const [to, a, b] = await createMembers(em(), 3, { age: 15 });
    // The feed served the receiver's card to both likers.
    await introduce(em(), a!, to!);
    await introduce(em(), b!, to!);
    await swipe(em(), t.app.bus, { fromId: a!, toId: to!, kind: 'LIKE' });
    const call = await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === to);
    expect(call.params.text).toBe(NEW_LIKE_TEXT);
    expect(buttonUrl(call)).toBe(`${TEST_PUBLIC_URL}/likes`);
    await swipe(em(), t.app.bus, { fromId: b!, toId: to!, kind: 'LIKE' });
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: b!, toId: to! }));
    expect(sentTo(to!, NEW_LIKE_TEXT)).toHaveLength(1);
  });

  it('tells both users of a match with a button into the chat, and no like note for the completing like', async () => {
    const [a, b] = await createMembers(em(), 2, { age: 17 });
    // The feed served b's card to a; a's like introduces a to b.
    await introduce(em(), a!, b!);
    await swipe(em(), t.app.bus, { fromId: a!, toId: b!, kind: 'LIKE' });
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b);
    const { chatId } = await swipe(em(), t.app.bus, { fromId: b!, toId: a!, kind: 'LIKE' });
    for (const id of [a!, b!]) {
      const call = await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id && c.params.text === MATCH_TEXT);
      expect(buttonUrl(call)).toBe(`${TEST_PUBLIC_URL}/messages/${chatId}`);
    }
    expect(sentTo(a!, NEW_LIKE_TEXT)).toHaveLength(0);
  });

  it('sends no note for a like that no longer reaches its receiver: her filter changed before the note went out', async () => {
    const [girl, boy] = await createMembers(em(), 2, { age: 16 });
    await em().nativeUpdate(Profile, { user: girl! }, { sex: 'FEMALE' } as never);
    await em().nativeUpdate(Profile, { user: boy! }, { sex: 'MALE' } as never);
    await introduceBothWays(em(), boy!, girl!);
    // His like is stored and its note queued; she switches 'Кого показывать' to girls before the note goes out.
    await inTransaction(em(), t.app.bus, async (tx, emit) => {
      await sqlOf(tx)
        .insertInto('likes')
        .values({ from_id: boy!, to_id: girl!, kind: 'LIKE', created_at: new Date(), answered: false })
        .execute();
      await tx.nativeUpdate(Profile, { user: girl! }, { searchShow: 'FEMALE' } as never);
      emit({ name: 'like.created', payload: { fromId: boy!, toId: girl! } });
    });
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: boy!, toId: girl! }));
    expect(sentTo(girl!, NEW_LIKE_TEXT)).toHaveLength(0);
  });

  it('skips a user who blocked the bot without failing the like', async () => {
    const [to, from] = await createMembers(em(), 2, { age: 19 });
    await introduce(em(), from!, to!);
    t.bot.telegram.blockBot(to!);
    await expect(swipe(em(), t.app.bus, { fromId: from!, toId: to!, kind: 'LIKE' })).resolves.toMatchObject({ matched: false });
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === to && !c.ok);
  });
});

describe('simultaneous mutual likes', () => {
  it('make exactly one match, one chat and two match notes per pair (200 pairs at once)', async () => {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < 200; i++) pairs.push([await createMember(em(), { age: 18 }), await createMember(em(), { age: 18 })]);
    // Each was served the other's card before either like.
    for (const [a, b] of pairs) await introduceBothWays(em(), a, b);
    const before = t.bot.telegram.callsTo('sendMessage').filter((c) => c.params.text === MATCH_TEXT).length;
    await Promise.all(
      pairs.flatMap(([a, b]) => [
        swipe(em(), t.app.bus, { fromId: a, toId: b, kind: 'LIKE' }),
        swipe(em(), t.app.bus, { fromId: b, toId: a, kind: 'LIKE' }),
      ]),
    );
    const ids = pairs.flat().join(',');
    const [m] = (await em().getConnection().execute(`SELECT count(*) AS n FROM matches WHERE user_low_id IN (${ids})`)) as Array<{
      n: string;
    }>;
    const [c] = (await em()
      .getConnection()
      .execute(`SELECT count(DISTINCT chat_id) AS n FROM chat_members WHERE user_id IN (${ids})`)) as Array<{ n: string }>;
    expect(Number(m!.n)).toBe(200);
    expect(Number(c!.n)).toBe(200);
    await expect
      .poll(() => t.bot.telegram.callsTo('sendMessage').filter((c2) => c2.ok && c2.params.text === MATCH_TEXT).length - before, {
        timeout: 30_000,
      })
      .toBe(400);
    const perUser = new Map<unknown, number>();
    for (const call of t.bot.telegram.callsTo('sendMessage').filter((c2) => c2.params.text === MATCH_TEXT))
      perUser.set(call.params.chat_id, (perUser.get(call.params.chat_id) ?? 0) + 1);
    expect(pairs.flat().every((id) => perUser.get(id) === 1)).toBe(true);
  }, 60_000);
});
