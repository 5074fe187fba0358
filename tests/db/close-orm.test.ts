import { expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-database';

it('closing the ORM while a query is opening a connection lets the query finish and the close complete', async () => {
  const db = await createTestDatabase();
  await db.orm.em.fork().execute('SELECT 1');
  const pool = await db.orm.em.getConnection().getNativeClient();
  // The idle connection is taken, so the next query opens one of its own (as a socket's close handler did at shutdown).
  const busy = db.orm.em.fork().execute('SELECT pg_sleep(0.05)');
  const late = db.orm.em.fork().execute('SELECT 2 AS n');
  while (pool.totalCount < 2) await new Promise((resolve) => setImmediate(resolve));
  await db.drop();
  await expect(late).resolves.toEqual([{ n: 2 }]);
  await busy;
});
