import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { ask } from '../../support/sockets';
import { introduce } from '../../support/factories';
import { freshTelegramId } from '../../support/init-data';
import type { ApiRoute } from '../../support/security/api-routes';
import { connect } from '../../support/security/connect';
import { changedTables, dbFingerprint } from '../../support/security/db-fingerprint';
import { callerAs } from '../../support/security/identities';
import { sendCall } from '../../support/security/send-call';
import { useSecurityApp } from '../../support/security/security-app';
import { ROUTES, type HttpCall, type Lookup } from './permission-matrix';
import { SOCKET_MESSAGES } from './socket-matrix';

const harness = useSecurityApp();

type ById<C> = Extract<Lookup<C>, { call: unknown }>;
const byId = <C>(table: Record<string, { lookup: Lookup<C> }>): Array<[string, ById<C>]> =>
  Object.entries(table).flatMap(([key, entry]) => ('call' in entry.lookup ? [[key, entry.lookup] as [string, ById<C>]] : []));
const fingerprint = () => dbFingerprint(harness.app.db.orm);
/** An answer with the asked id written out as ID, so two answers about two ids compare. */
const neutral = (answer: unknown, id: number) => JSON.parse(JSON.stringify(answer ?? null).replaceAll(String(id), 'ID')) as unknown;

/**
 * A caller, someone they could meet in every other way (same band, visible, passing both filters) whom the product
 * never showed them, and an id that nobody has.
 */
async function scene() {
  const me = await callerAs(harness.app, 'user');
  const stranger = await harness.fixtures.member();
  return { me, stranger, missing: freshTelegramId() };
}

describe('nobody can be looked up by id (AMENDMENTS §5.1)', () => {
  it('every id-taking route and socket message is in the matrix with its lookup', () => {
    expect(byId(ROUTES).map(([key]) => key)).toEqual(
      expect.arrayContaining(['GET /api/profile/view', 'POST /api/profile/report', 'POST /api/privacy/settings', 'POST /api/explore/undo']),
    );
    expect(byId(SOCKET_MESSAGES).map(([key]) => key)).toEqual(
      expect.arrayContaining(['likes action', 'likes seen', 'explore like', 'explore dislike']),
    );
  });

  it.each(byId(ROUTES))('%s answers a person never introduced exactly as an id nobody has', async (key, lookup) => {
    const [method, path] = key.split(' ') as [ApiRoute['method'], string];
    const { me, stranger, missing } = await scene();
    await ROUTES[key]!.prepare?.(harness.fixtures, me.id);
    const send = async (id: number) => {
      const res = await sendCall(
        harness.app,
        { method, path, key },
        (await lookup.call(harness.fixtures, me.id, id)) as HttpCall,
        me.initData,
      );
      return { status: res.status, body: neutral(res.body, id) };
    };
    const before = await fingerprint();
    const [toStranger, toMissing] = [await send(stranger), await send(missing)];
    expect(toStranger).toEqual(toMissing);
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });

  it.each(byId(SOCKET_MESSAGES))('%s answers a person never introduced exactly as an id nobody has', async (key, lookup) => {
    const [ch, t] = key.split(' ') as [string, string];
    const { me, stranger, missing } = await scene();
    const socket = await connect(harness.app, SOCKET_MESSAGES[key]!.path, me.initData);
    const send = async (id: number) => {
      const { t: replied, data } = await ask(socket, ch, t, await lookup.call(harness.fixtures, me.id, id));
      return { t: replied, data: neutral(data, id) };
    };
    const before = await fingerprint();
    const [toStranger, toMissing] = [await send(stranger), await send(missing)];
    expect(toStranger).toEqual(toMissing);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await socket.close();
  });

  it('the same calls reach the person once the product has introduced them', async () => {
    const { me, stranger } = await scene();
    const view = () =>
      sendCall(
        harness.app,
        { method: 'GET', path: '/api/profile/view', key: 'GET /api/profile/view' },
        { query: { userId: String(stranger) } },
        me.initData,
      );
    expect((await view()).status).toBe(404);
    await introduce(harness.app.db.orm.em.fork(), me.id, stranger);
    expect((await view()).status).toBe(200);
    const socket = await connect(harness.app, '/ws/likes', me.initData);
    expect(await ask(socket, 'explore', 'like', { targetUserId: String(stranger) })).toMatchObject({ t: 'ack' });
    await socket.close();
  });

  it('answers misses past 30 a minute with the usual 429, across routes, and never counts a lookup that finds someone', async () => {
    const { me, stranger, missing } = await scene();
    const view = (id: number) =>
      sendCall(
        harness.app,
        { method: 'GET', path: '/api/profile/view', key: 'GET /api/profile/view' },
        { query: { userId: String(id) } },
        me.initData,
      );
    const known = await harness.fixtures.introducedTo(me.id);
    for (let i = 0; i < RATE_LIMITS.lookupMisses.limit; i++) {
      expect((await view(i % 2 ? stranger : missing)).status).toBe(404);
      expect((await view(known)).status).toBe(200);
    }
    const refused = await view(missing);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ с$/),
    });
    // The limit is the caller's, whatever the path: a like by id is refused the same way.
    const socket = await connect(harness.app, '/ws/likes', me.initData);
    expect(await ask(socket, 'explore', 'like', { targetUserId: String(stranger) })).toMatchObject({
      t: 'error',
      data: { message: expect.stringMatching(/^Слишком много запросов/) },
    });
    await socket.close();
    expect((await view(known)).status).toBe(200);
  });
});
