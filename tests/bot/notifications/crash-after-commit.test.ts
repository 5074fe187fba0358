import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT } from '../../../bot/notifications/likes';
import { swipe } from '../../../db/likes/likes.service';
import { createMembers, introduce } from '../../support/factories';
import { startAppAndBot, type AppAndBot } from '../../support/test-bot';

let t: AppAndBot;
beforeAll(async () => void (t = await startAppAndBot()));
afterAll(() => t?.stop());
const em = () => t.em();
const sentTo = (chatId: number, text: string) => t.sentTo(chatId, text);

/** Runs tests/support/crash-after-commit.child.ts: a like whose process is killed right after its commit. */
function likeAndDie(fromId: number, toId: number): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  const args = ['--import', 'tsx', 'tests/support/crash-after-commit.child.ts', t.app.db.url, String(fromId), String(toId)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve({ signal, output })));
}

/** Notify jobs of these users' match still queued or running (0 once the worker is done with them). */
async function queuedMatchJobs(userIds: number[]): Promise<number> {
  const rows = await em()
    .getConnection()
    .execute<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'notify' AND j.payload #>> '{event,name}' = 'match.created' AND (j.payload #> '{event,payload,userIds}')::jsonb @> ?::jsonb`,
      [JSON.stringify(userIds)],
    );
  return Number(rows[0]!.n);
}

describe('a process that dies right after its commit', () => {
  it('still has the match it committed told to both, once each, by the worker', async () => {
    const [a, b] = await createMembers(em(), 2, { age: 16 });
    // The feed served b's card to a; a's like introduces a to b, so the child's like back needs nothing more.
    await introduce(em(), a!, b!);
    await swipe(em(), t.app.bus, { fromId: a!, toId: b!, kind: 'LIKE' });
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.ok && c.params.chat_id === b);
    const { signal, output } = await likeAndDie(b!, a!);
    expect(signal, output).toBe('SIGKILL');
    const [match] = await em()
      .getConnection()
      .execute<Array<{ id: string }>>(
        'SELECT c.id FROM chats c JOIN chat_members m1 ON m1.chat_id = c.id AND m1.user_id = ? JOIN chat_members m2 ON m2.chat_id = c.id AND m2.user_id = ?',
        [a, b],
      );
    expect(match, 'the match was committed').toBeDefined();
    for (const id of [a!, b!])
      await t.bot.telegram.waitForCall('sendMessage', (c) => c.ok && c.params.chat_id === id && c.params.text === MATCH_TEXT, 10_000);
    await expect.poll(() => queuedMatchJobs([a!, b!]), { timeout: 10_000 }).toBe(0);
    expect(sentTo(a!, MATCH_TEXT)).toHaveLength(1);
    expect(sentTo(b!, MATCH_TEXT)).toHaveLength(1);
  });
});
