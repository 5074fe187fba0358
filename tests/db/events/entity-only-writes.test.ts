import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the entity-only-writes rule for `code`, as if it were the file at `filePath`. */
async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = `import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import { User } from '../users/user.entity';
import { ModerationItem } from '../moderation/moderation-item.entity';
export async function probe(em: EntityManager, id: number): Promise<void> {
`;
const probe = (body: string) => `${header}  ${body}\n}\n`;

describe('one way to write the tables whose writes raise events', () => {
  it.each([
    ["await sqlOf(em).updateTable('users').set({ first_name: 'x' }).where('telegram_id', '=', id).execute();", 'Typed SQL'],
    ["await sqlOf(em).updateTable('users as u').set({ first_name: 'x' }).execute();", 'Typed SQL'],
    ["await sqlOf(em).insertInto('moderation_items').values({ user_id: id, type: 'INITIAL', payload: {} }).execute();", 'Typed SQL'],
    ["await sqlOf(em).deleteFrom('moderation_items').where('user_id', '=', id).execute();", 'Typed SQL'],
    ['await em.nativeUpdate(User, { telegramId: id }, { isBanned: true });', 'native write'],
    ['await em.nativeDelete(ModerationItem, { userId: id });', 'native write'],
    ['await sql`UPDATE users SET is_banned = true WHERE telegram_id = ${id}`.execute(sqlOf(em));', 'hand-written SQL'],
    ["await em.execute('delete from moderation_items where user_id = ?', [id]);", 'hand-written SQL'],
  ])('refuses %s in production code', async (body, kind) => {
    for (const file of ['db/users/probe.ts', 'api/chat/probe.ts', 'bot/moderation/probe.ts']) {
      const messages = await refusals(probe(body), file);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]!.toLowerCase()).toContain(kind.toLowerCase());
    }
  });

  it('lets typed SQL write other tables, entities write these, and tests arrange rows by hand', async () => {
    const others = probe(`await sqlOf(em).updateTable('reports').set({ status: 'RESOLVED' }).where('id', '=', id).execute();
  (await em.findOneOrFail(User, { telegramId: id })).firstName = 'x';
  await em.flush();`);
    expect(await refusals(others, 'db/users/probe.ts')).toEqual([]);
    const arranged = probe("await sqlOf(em).updateTable('users').set({ is_banned: true }).where('telegram_id', '=', id).execute();");
    expect(await refusals(arranged, 'tests/db/probe.test.ts')).toEqual([]);
  });
});
