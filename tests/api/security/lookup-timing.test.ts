import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { ask } from '../../support/sockets';
import { freshTelegramId } from '../../support/init-data';
import { connect } from '../../support/security/connect';
import { callerAs } from '../../support/security/identities';
import { sendCall } from '../../support/security/send-call';
import { useSecurityApp } from '../../support/security/security-app';

const harness = useSecurityApp();

const CALLERS = 30;
// Each caller stays under its lookup-miss limit (every call here is a miss), with an even number of timed pairs so
// that each side goes first equally often: the first call after a pause is the slower one.
const PAIRS_PER_CALLER = 2 * Math.floor((RATE_LIMITS.lookupMisses.limit / 2 - 1) / 2);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Times `lookup` of a person never introduced and of an id nobody has, in adjacent pairs (each side first in half of
 * them), over several callers; each caller has a stranger who would pass every other rule. Answers the median
 * call and the median of the pairs' differences, which drift and load on the machine hit alike.
 */
async function timings(lookup: (caller: { id: number; initData: string }, id: number) => Promise<void>) {
  const all: number[] = [];
  const differences: number[] = [];
  for (let c = 0; c < CALLERS; c++) {
    const me = await callerAs(harness.app, 'user');
    const caller = { id: me.id, initData: me.initData! };
    const stranger = await harness.fixtures.member();
    const nobody = freshTelegramId();
    // One untimed call each first: the first request of a caller warms its caches.
    await lookup(caller, stranger);
    await lookup(caller, nobody);
    for (let i = 0; i < PAIRS_PER_CALLER; i++) {
      const took: Record<number, number> = {};
      for (const id of i % 2 ? [stranger, nobody] : [nobody, stranger]) {
        const started = performance.now();
        await lookup(caller, id);
        took[id] = performance.now() - started;
      }
      all.push(took[stranger]!, took[nobody]!);
      differences.push(took[stranger]! - took[nobody]!);
    }
  }
  const slower = differences.filter((d) => d > 0).length / differences.length;
  return { call: median(all), difference: median(differences), slower };
}

/**
 * No systematic difference: the pairs' median difference within 10 % of a call (or 0.3 ms), and the stranger's call
 * the slower one in 40–60 % of the pairs (over 360 pairs that band is ±3.8 standard deviations of a fair coin).
 */
function expectSameTime({ call, difference, slower }: { call: number; difference: number; slower: number }) {
  const said = `median call ${call.toFixed(2)} ms, difference ${difference.toFixed(2)} ms, stranger slower in ${(100 * slower).toFixed(0)} %`;
  expect(Math.abs(difference), said).toBeLessThanOrEqual(Math.max(0.3, 0.1 * call));
  expect(slower, said).toBeGreaterThanOrEqual(0.4);
  expect(slower, said).toBeLessThanOrEqual(0.6);
}

describe('a refused lookup takes the time of a lookup of nobody (AMENDMENTS §5.1)', () => {
  it('GET /api/profile/view', async () => {
    const route = { method: 'GET' as const, path: '/api/profile/view', key: 'GET /api/profile/view' };
    expectSameTime(
      await timings(async (me, id) => {
        const res = await sendCall(harness.app, route, { query: { userId: String(id) } }, me.initData);
        expect(res.status).toBe(404);
      }),
    );
  });

  it('a like on ch:explore', async () => {
    const sockets = new Map<number, Awaited<ReturnType<typeof connect>>>();
    expectSameTime(
      await timings(async (me, id) => {
        if (!sockets.has(me.id)) sockets.set(me.id, await connect(harness.app, '/ws/likes', me.initData));
        const reply = await ask(sockets.get(me.id)!, 'explore', 'like', { targetUserId: String(id) });
        expect(reply.t).toBe('error');
      }),
    );
    await Promise.all([...sockets.values()].map((s) => s.close()));
  });
});
