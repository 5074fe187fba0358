import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOrm, openOrm, type Orm } from '../../db/orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const clientAddress = async (orm: Orm) =>
  (
    (await orm.em.getConnection().execute('select client_addr from pg_stat_activity where pid = pg_backend_pid()')) as Array<{
      client_addr: string | null;
    }>
  )[0]!.client_addr;

let db: TestDatabase;
let socketDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  const [row] = (await db.orm.em.getConnection().execute('show unix_socket_directories')) as Array<{ unix_socket_directories: string }>;
  socketDir = row!.unix_socket_directories.split(',')[0]!.trim();
});
afterAll(() => db.drop());

describe('the database URL', () => {
  it("reaches PostgreSQL over its Unix socket when the URL's ?host= names the socket's directory, over TCP otherwise", async () => {
    expect(socketDir).not.toBe('');
    expect(await clientAddress(db.orm)).not.toBeNull();
    const url = new URL(db.url);
    url.searchParams.set('host', socketDir);
    const orm = await openOrm({ clientUrl: url.toString(), poolMax: 1 });
    try {
      expect(await clientAddress(orm)).toBeNull();
    } finally {
      await closeOrm(orm, true);
    }
  });
});
