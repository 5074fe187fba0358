import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_TYPES, SOCKET_PATHS } from '../../contracts/realtime';
import { MESSAGES } from '../../contracts/errors';
import { SOCKET_MESSAGES } from '../api/security/socket-matrix';
import { appSnapshot } from '../support/fuzz/app-snapshot';
import { FuzzTally, fuzzOptions } from '../support/fuzz/fuzz-config';
import { hostileString, hostileValue } from '../support/fuzz/hostile-values';
import { applyPlan, planFor } from '../support/fuzz/mutations';
import { changedTables } from '../support/security/db-fingerprint';
import { connect } from '../support/security/connect';
import { Fixtures } from '../support/security/fixtures';
import { callerAs } from '../support/security/identities';
import { ask } from '../support/sockets';
import { createTestApp, type TestApp } from '../support/test-app';
import type { TestSocket } from '../support/ws-client';

let app: TestApp;
let fixtures: Fixtures;
const tally = new FuzzTally();
beforeAll(async () => {
  app = await createTestApp();
  fixtures = new Fixtures(app);
});
afterAll(async () => {
  tally.print('WebSocket fuzz');
  await app.close();
});

// Well under the per-socket limit, so the cases reach the handlers rather than the limiter.
const CASES_PER_SOCKET = 60;
/** The server's maxPayload: a bigger frame closes the socket with 1009 (checked, then the case reconnects). */
const MAX_FRAME = 64 * 1024;

const sizeOf = (frame: string | Buffer) => (typeof frame === 'string' ? Buffer.byteLength(frame) : frame.length);
function closedWith(socket: TestSocket, frame: string | Buffer): Promise<number> {
  const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
  socket.ws.send(frame);
  return closed;
}
type Reply = { ch: string; t: string; cid?: string; data: { message?: unknown } };

/** An error reply must say something a person can read, never the internal error. */
function expectReadableError(reply: Reply, told: string): void {
  expect(typeof reply.data?.message, told).toBe('string');
  expect(reply.data.message, told).toMatch(/[А-Яа-яЁё]/);
  expect(reply.data.message, told).not.toBe(MESSAGES.internal);
}

const pairs = Object.entries(CLIENT_MESSAGE_TYPES).flatMap(([ch, types]) => types.map((t) => [ch, t] as const));

describe.each(pairs)('%s %s', (ch, t) => {
  it('answers every generated message; errors are readable and change nothing', async () => {
    const entry = SOCKET_MESSAGES[`${ch} ${t}`]!;
    const open = async () => {
      const caller = await callerAs(app, 'user');
      const raw = await entry.data(fixtures, caller.id);
      const seed = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      return { socket: await connect(app, entry.path, caller.initData), seed, cases: 0 };
    };
    let session = await open();
    let before: Record<string, string> | null = null;
    const property = fc.asyncProperty(planFor(session.seed), async (plan) => {
      if (++session.cases > CASES_PER_SOCKET) {
        await session.socket.close();
        session = await open();
        before = null;
      }
      const data = applyPlan(session.seed, plan);
      const told = `${ch} ${t} ${JSON.stringify(data)?.slice(0, 300)}`;
      const frame = JSON.stringify({ ch, t, cid: 'big', data });
      if (sizeOf(frame) > MAX_FRAME) {
        tally.count(`${ch} ${t}`, 'closed 1009');
        expect(await closedWith(session.socket, frame), told).toBe(1009);
        session = await open();
        before = null;
        return;
      }
      before ??= await appSnapshot(app);
      const reply = await ask<Reply>(session.socket, ch, t, data);
      tally.count(`${ch} ${t}`, reply.t);
      if (reply.t !== 'error') return void (before = null);
      expectReadableError(reply, `${told} → ${JSON.stringify(reply).slice(0, 300)}`);
      const after = await appSnapshot(app);
      expect(changedTables(before, after), told).toEqual([]);
      before = after;
    });
    await fc.assert(property, fuzzOptions());
    await session.socket.close();
  });
});

/** Frames that are not a valid envelope, or name no known channel or type. */
const badFrame = fc.oneof(
  hostileString,
  fc.constantFrom(
    '{',
    '[]',
    'null',
    '1',
    '"x"',
    '{"ch":"likes"}',
    '{"t":"next"}',
    '{"ch":"system","t":"x"}',
    '{"ch":"likes","t":""}',
    `{"ch":"likes","t":"${'x'.repeat(65)}"}`,
    '{"ch":"likes","t":"next","cid":{}}',
  ),
  fc
    .record({
      ch: fc.oneof(hostileValue, fc.constantFrom('likes', 'explore', 'chats', 'messages')),
      t: fc.oneof(hostileValue, hostileString),
      cid: hostileValue,
      data: hostileValue,
    })
    .map((e) => JSON.stringify(e)),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
);

describe.each(Object.values(SOCKET_PATHS))('malformed frames on %s', (path) => {
  it('are answered with a readable error and the socket stays open', async () => {
    const caller = await callerAs(app, 'user');
    let socket: TestSocket = await connect(app, path, caller.initData);
    let sent = 0;
    const property = fc.asyncProperty(badFrame, async (frame) => {
      if (++sent % CASES_PER_SOCKET === 0) {
        await socket.close();
        socket = await connect(app, path, caller.initData);
      }
      if (sizeOf(frame) > MAX_FRAME) {
        tally.count(`frames ${path}`, 'closed 1009');
        expect(await closedWith(socket, frame)).toBe(1009);
        socket = await connect(app, path, caller.initData);
        return;
      }
      const mark = socket.received.length;
      socket.ws.send(frame);
      // Every frame gets one answer; a ping with a cid afterwards proves the socket still works.
      const probe = await ask<Reply>(socket, 'chats', 'presenceSnapshot', {}).catch(() => null);
      const answers = (socket.received.slice(mark) as Reply[]).filter((m) => m.t === 'error');
      tally.count(`frames ${path}`, answers.length > 0 ? 'error' : 'answered');
      for (const answer of answers) expectReadableError(answer, `${String(frame).slice(0, 200)} → ${JSON.stringify(answer)}`);
      expect(socket.ws.readyState, String(frame).slice(0, 200)).toBe(socket.ws.OPEN);
      expect(probe, String(frame).slice(0, 200)).not.toBeNull();
    });
    await fc.assert(property, fuzzOptions());
    await socket.close();
  });
});
