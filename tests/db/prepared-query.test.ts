import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../db/sql';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

describe('preparedQuery', () => {
  it('answers each call with its own parameters, on whichever pooled connection', async () => {
    const sql = 'SELECT :a::int + :b::int AS sum, :a::int AS a';
    const sums = await Promise.all(Array.from({ length: 12 }, (_v, i) => preparedQuery<{ sum: number }>(em(), sql, { a: i, b: 100 })));
    expect(sums.map((rows) => rows[0]!.sum)).toEqual(Array.from({ length: 12 }, (_v, i) => i + 100));
  });

  it("runs inside the caller's transaction when one is open", async () => {
    await em().transactional(async (tx) => {
      await tx.execute('CREATE TEMP TABLE prepared_probe (n int) ON COMMIT DROP');
      await tx.execute('INSERT INTO prepared_probe VALUES (7)');
      // A temp table is visible only on the transaction's own connection.
      expect(await preparedQuery(tx, 'SELECT n FROM prepared_probe WHERE n = :n', { n: 7 })).toEqual([{ n: 7 }]);
    });
  });
});
