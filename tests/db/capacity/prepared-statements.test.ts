import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { chatListPage } from '../../../db/chats/chat-list.repository';
import { chatAccessesOf, loadChatAccess } from '../../../db/chats/chat-access';
import { openPairChat } from '../../../db/chats/chats.service';
import { nextFeedProfile } from '../../../db/explore/feed.repository';
import { sqlOf } from '../../../db/kysely';
import { canReach } from '../../../db/matching/eligibility';
import { loadViewer } from '../../../db/matching/viewer';
import { unreadLikesBadge } from '../../../db/likes/received-likes.repository';
import { birthDateForAge, createMember, createMembers, introduce } from '../../support/factories';
import { useRecording } from '../../support/recorded-statements';

// Issue 42: the statements run over and over with other values are prepared once per connection, so PostgreSQL
// may keep their plans (planning was half the database time of a feed card). One connection (the recording ORM's
// pool of one), whose prepared statements PostgreSQL lists in pg_prepared_statements.
const files = useRecording();
const em = () => files.recording.orm.em.fork();
/** What the connection holds prepared: how often each statement ran (custom plus generic plans). */
const prepared = async () => {
  const { rows } = await sql<{ statement: string; runs: number }>`
    SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE NOT from_sql`.execute(sqlOf(em()));
  return rows;
};
const runsOf = async (part: string) => (await prepared()).filter((r) => r.statement.includes(part)).map((r) => r.runs);

describe('statements prepared once per connection (issue 42)', () => {
  it('prepares the feed query once and runs it for every card', async () => {
    const me = await createMember(files.db.orm.em.fork(), { age: 16 });
    await createMembers(files.db.orm.em.fork(), 3, { age: 16 });
    for (let i = 0; i < 6; i++) await nextFeedProfile(em(), await loadViewer(em(), me));
    expect(await runsOf('"feed_cursors"')).toEqual([6]);
  });

  it("prepares a chat's access check, the presence snapshot's chat facts and the chat list", async () => {
    const [a, b] = [await createMember(files.db.orm.em.fork()), await createMember(files.db.orm.em.fork())];
    const { chatId } = await openPairChat(files.db.orm.em.fork(), Math.min(a, b), Math.max(a, b), new Date());
    for (let i = 0; i < 3; i++) {
      await loadChatAccess(em(), chatId, a);
      await chatListPage(em(), b, { limit: 20 });
      await chatAccessesOf(em(), b);
    }
    expect((await prepared()).filter((r) => r.runs === 3)).toHaveLength(3);
  });

  it('prepares the reach check before a swipe and the likes badge count', async () => {
    const [me, other] = [await createMember(files.db.orm.em.fork(), { age: 16 }), await createMember(files.db.orm.em.fork(), { age: 16 })];
    await introduce(files.db.orm.em.fork(), me, other);
    for (let i = 0; i < 4; i++) {
      expect(await canReach(em(), { telegramId: me, birthDate: birthDateForAge(16) }, other, new Date())).toBe(true);
      expect(await unreadLikesBadge(em(), me)).toBe(0);
    }
    expect(await runsOf('"reachable"')).toEqual([4]);
    expect(await runsOf('"seen_at" is null')).toEqual([4]);
  });
});
