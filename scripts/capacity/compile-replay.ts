// Kysely's share of the API's CPU per action (issue 42), in-process and robust on a busy machine: the statements an
// interactive action sends are captured (action-statements.ts), each is told apart as compiled once (a compiledOnce
// shape's text), built per call or a transaction's BEGIN/COMMIT, and the compiled-once ones are then replayed N times
// two ways in the same run, alternately: built and compiled anew with the captured values (what every call did before)
// and taken from the compiled shape (what it does now). CPU time (process.cpuUsage), median of the rounds' ratios.
// Env: REPLAY_CALLS (2000), REPLAY_ROUNDS (5), BENCH_DATABASE_URL (else an embedded server).
import { compiledShapes } from '../../db/compiled-once';
import { sqlOf } from '../../db/kysely';
import { closeOrm, openOrm } from '../../db/orm';
import { createBenchDatabase } from '../bench/bench-database';
import { seedPairs } from '../chat-load/seed-pairs';
import { captureActions, captureReads } from './action-statements';
import type { Statement } from './send-statements';

const CALLS = Number(process.env.REPLAY_CALLS ?? 2000);
/** The feed's walk (its cursors): compiled once since before this round, so "before" takes it from its shape too. */
const compiledBefore = (s: Statement) => s.text.includes('"feed_cursors"');
const ROUNDS = Number(process.env.REPLAY_ROUNDS ?? 5);

const database = await createBenchDatabase(`compile_replay_${Date.now().toString(36)}`);
try {
  const [pair] = await seedPairs(database.url, 2);
  const actions = await captureActions(database.url, pair!);
  if (!actions) throw new Error('no card for the captured user');
  const reads = await captureReads(database.url, pair!);
  const captured: Record<string, Statement[]> = {
    'explore next': actions.next,
    'explore dislike': actions.swipe,
    'chat send': actions.send.statements,
    'subscribe to the chat': reads.subscribe,
    'open: presence, unread, badge': reads.open,
    'chat list (GET /api/chat/me)': reads.chatList,
  };
  const orm = await openOrm({ clientUrl: database.url, poolMax: 1 });
  const db = sqlOf(orm.em.fork());
  const cpu = (work: () => void) => {
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / CALLS;
  };
  console.log(
    `| action | statements | compiled once before | after | built per call | BEGIN/COMMIT | µs CPU per action before | after | after/before |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  for (const [action, statements] of Object.entries(captured)) {
    const runs = statements.flatMap((s) => {
      const shape = compiledShapes().find((c) => c.text === s.text);
      return shape ? [{ shape, args: shape.argsOf(s.values), already: compiledBefore(s) }] : [];
    });
    const tx = statements.filter((s) => /^(begin|commit)/i.test(s.text)).length;
    const before: number[] = [];
    const after: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      before.push(cpu(() => runs.forEach(({ shape, args, already }) => (already ? shape.compile(db, args) : shape.build(db, args)))));
      after.push(cpu(() => runs.forEach(({ shape, args }) => shape.compile(db, args))));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(after.map((a, i) => a / before[i]!));
    const cells = [
      statements.length,
      runs.filter((x) => x.already).length,
      runs.length,
      statements.length - runs.length - tx,
      tx,
      median(before).toFixed(1),
      median(after).toFixed(1),
      ratio.toFixed(3),
    ];
    console.log(`| ${action} | ${cells.join(' | ')} |`);
  }
  await closeOrm(orm, true);
} finally {
  await database.dispose();
}
process.exit(0);
