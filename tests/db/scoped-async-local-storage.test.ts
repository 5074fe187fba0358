import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../db/users/user.entity';
import { runsInFlight, scopeAsyncLocalStorage } from '../../db/scoped-async-local-storage';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// openOrm scopes AsyncLocalStorage for the whole process (db/orm.ts); these tests run with it, as the suite does.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;
/** MikroORM's own instance (private in its types). */
const transactionStorage = (TransactionContext as unknown as { storage: AsyncLocalStorage<unknown> }).storage;
const transactionEm = () => TransactionContext.getEntityManager() as EntityManager | undefined;

describe('scoped AsyncLocalStorage', () => {
  it('keeps a transaction’s manager through awaits, timers and queries, each transaction its own', async () => {
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        db.orm.em.fork().transactional(async (tx) => {
          const found: boolean[] = [transactionEm() === tx];
          await sleep(5 * n);
          found.push(transactionEm() === tx);
          await tx.getConnection().execute('SELECT pg_sleep(0.01)');
          found.push(transactionEm() === tx);
          await new Promise<void>((resolve) => setImmediate(() => (found.push(transactionEm() === tx), resolve())));
          // The ORM's own use: a fork made inside resolves to the transaction.
          found.push(db.orm.em.fork({ useContext: true }).getContext(true) === tx.getContext(true));
          return found;
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3].map(() => [true, true, true, true, true]));
  });

  it('turns itself off once no run is in flight, and on again with the next', async () => {
    await db.orm.em.fork().transactional(async (tx) => {
      expect(enabled(transactionStorage)).toBe(true);
      expect(runsInFlight(transactionStorage)).toBe(1);
      tx.create(User, { telegramId: 77_000_001, firstName: 'Контекст' });
    });
    // The release runs in a reaction to the settled run.
    await sleep(0);
    expect(runsInFlight(transactionStorage)).toBe(0);
    expect(enabled(transactionStorage)).toBe(false);
    expect(transactionEm()).toBeUndefined();
    // The flush inside committed the row as usual.
    expect(await db.orm.em.fork().count(User, { telegramId: 77_000_001 })).toBe(1);
  });

  it('hands a rejection to the caller and a synchronous throw out, releasing the run either way', async () => {
    const storage = new AsyncLocalStorage<string>();
    await expect(storage.run('a', async () => {
      await sleep(1);
      throw new Error('rejected inside');
    })).rejects.toThrow('rejected inside');
    expect(() => storage.run('b', () => {
      throw new Error('thrown inside');
    })).toThrow('thrown inside');
    await sleep(0);
    expect(runsInFlight(storage)).toBe(0);
    expect(enabled(storage)).toBe(false);
  });

  it('calls no `then` of a thenable a run returns (a query builder would run again)', () => {
    const storage = new AsyncLocalStorage<string>();
    let thens = 0;
    const thenable = { then: () => void thens++ };
    expect(storage.run('x', () => thenable)).toBe(thenable);
    expect(thens).toBe(0);
    expect(runsInFlight(storage)).toBe(0);
  });

  it('nests: the inner run’s store inside, the outer one’s after it', async () => {
    const storage = new AsyncLocalStorage<string>();
    const trail = await storage.run('outer', async () => {
      const inner = await storage.run('inner', async () => (await sleep(1), storage.getStore()));
      await sleep(1);
      return [inner, storage.getStore()];
    });
    expect(trail).toEqual(['inner', 'outer']);
  });

  it('is installed once however often it is asked', () => {
    const run = AsyncLocalStorage.prototype.run;
    scopeAsyncLocalStorage();
    expect(AsyncLocalStorage.prototype.run).toBe(run);
  });
});
