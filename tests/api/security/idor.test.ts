import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { ask } from '../../support/sockets';
import type { ApiRoute } from '../../support/security/api-routes';
import { connect } from '../../support/security/connect';
import { changedTables, dbFingerprint } from '../../support/security/db-fingerprint';
import { Fixtures } from '../../support/security/fixtures';
import { callerAs } from '../../support/security/identities';
import { sendCall } from '../../support/security/send-call';
import { createTestApp, type TestApp } from '../../support/test-app';
import { ROUTES, type Idor } from './permission-matrix';
import { SOCKET_MESSAGES } from './socket-matrix';

let app: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
  fixtures = new Fixtures(app);
});
afterAll(() => app.close());

type Probe<C> = Extract<Idor<C>, { call: unknown }>;
const probes = <C>(table: Record<string, { idor: Idor<C> }>): Array<[string, Probe<C>]> =>
  Object.entries(table).flatMap(([key, entry]) => ('call' in entry.idor ? [[key, entry.idor] as [string, Probe<C>]] : []));
const fingerprint = () => dbFingerprint(app.db.orm);

describe('someone else’s chat, user, image, sticker or message over HTTP', () => {
  it.each(probes(ROUTES))('%s is refused and changes nothing', async (key, idor) => {
    const [method, path] = key.split(' ') as [ApiRoute['method'], string];
    const me = await callerAs(app, 'user');
    await ROUTES[key]!.prepare?.(fixtures, me.id);
    const call = await idor.call(fixtures, me.id);
    const before = await fingerprint();
    const res = await sendCall(app, { method, path, key }, call, me.initData);
    expect(res.status, res.text).toBe(idor.expect);
    if (res.status === 200) {
      // Answered for the caller's own chats only: nothing of the stranger's chat comes back.
      expect(res.body.users).toEqual([]);
      return;
    }
    expect(res.body).toMatchObject({ ok: false, message: expect.stringMatching(/\S/) });
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });
});

describe('someone else’s chat on the socket', () => {
  it.each(probes(SOCKET_MESSAGES))('%s is answered with an error and changes nothing', async (key, idor) => {
    const [ch, t] = key.split(' ') as [string, string];
    const me = await callerAs(app, 'user');
    const socket = await connect(app, SOCKET_MESSAGES[key]!.path, me.initData);
    const data = await idor.call(fixtures, me.id);
    const before = await fingerprint();
    const reply = await ask<{ data: { message: string } }>(socket, ch, t, data);
    expect(reply).toMatchObject({ t: 'error', data: { message: 'Чат не найден' } });
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await socket.close();
  });
});
