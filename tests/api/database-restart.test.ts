import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { ensureDatabase } from '../../platform/postgres/databases';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../platform/postgres/embedded-postgres';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { migrate, closeOrm, openOrm, type Orm } from '../../db/orm';
import { signInitData, testLaunchUser, tmaHeader } from '../support/init-data';
import { startTestApi } from '../support/test-api';
import { openSocket } from '../support/ws-client';

// #10 Failures: the database restarts under a running API; it answers 503 meanwhile and serves again after, without a restart.
let dir: string;
let port: number;
let server: EmbeddedDatabase;
let orm: Orm;
let api: RunningApi;

const startServer = () => startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: true, port });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'db-restart-'));
  port = await freePort();
  server = await startServer();
  const url = server.url('app');
  await ensureDatabase(url);
  orm = await openOrm({ clientUrl: url, poolMax: 4 });
  await migrate(orm);
  api = await startTestApi({ orm, storage: createLocalDiskStorage(path.join(dir, 'storage')) });
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (orm) await closeOrm(orm, true);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a database restart while the API runs', () => {
  it('answers 503 with a message while the database is down, then serves again on its own', async () => {
    const launch = testLaunchUser();
    const me = () =>
      supertest(api.server)
        .get('/api/profile/me')
        .set(tmaHeader(signInitData(launch)));
    expect((await me()).status).toBe(200);
    const socket = await openSocket(`${api.url.replace('http', 'ws')}/ws/messages`, signInitData(launch));

    await server.stop();
    const down = await me();
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body).toMatchObject({
      ok: false,
      error: 'UNAVAILABLE',
      message: 'Сервис временно недоступен. Попробуйте через несколько секунд',
    });
    socket.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'p1', data: {} });
    expect(await socket.next((m) => m.cid === 'p1', 10_000)).toMatchObject({
      t: 'error',
      data: { message: 'Сервис временно недоступен. Попробуйте через несколько секунд' },
    });

    server = await startServer();
    await expect.poll(async () => (await me()).status, { timeout: 20_000, interval: 250 }).toBe(200);
    // The open socket was never dropped and works again too.
    socket.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'p2', data: {} });
    expect(await socket.next((m) => m.cid === 'p2', 10_000)).toMatchObject({ t: 'presenceSnapshot' });
    await socket.close();
  }, 60_000);
});
