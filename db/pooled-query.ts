import { createHash } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';

interface KnexClient {
  acquireConnection(): Promise<pg.ClientBase>;
  releaseConnection(connection: pg.ClientBase): Promise<void>;
}

const names = new Map<string, string>();
const nameOf = (text: string) => names.get(text) ?? names.set(text, `pq_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`).get(text)!;

/**
 * A named statement submitted as a pg Query object: handing pg a config object instead makes it copy the object
 * through its property descriptors on every call (pg 8.23's cloneQueryConfig), a twentieth of a read's CPU.
 */
class NamedStatement extends pg.Query {
  constructor(name: string, text: string, values: readonly unknown[], done: (err: Error | undefined, result: { rows: unknown[] }) => void) {
    super(text, values as unknown[], done);
    // `name` is QueryConfig's field; pg reads it when it submits the query (parse once per connection, then bind).
    (this as { name?: string }).name = name;
  }
}

/**
 * A read outside any transaction in PostgreSQL's own `$1` syntax, on a connection of the ORM's pool, as a
 * statement prepared once per connection: no EntityManager fork, no query formatting or knex runner. For the
 * reads of every app start (GET /api/profile/me), where that machinery cost more CPU than the query itself.
 * Rows come as the pool's type parsers give them (timestamps as text). A chain of callbacks rather than an
 * async function: every promise costs again once AsyncLocalStorage is on (as after any em.transactional).
 */
export function pooledQuery<T>(em: EntityManager, text: string, values: readonly unknown[]): Promise<T[]> {
  const client = em.getKnex('write').client as KnexClient;
  return client.acquireConnection().then(
    (connection) =>
      new Promise<T[]>((resolve, reject) => {
        connection.query(
          new NamedStatement(nameOf(text), text, values, (err, result) => {
            // Back to the pool first (knex releases synchronously; its promise says nothing more).
            void client.releaseConnection(connection);
            if (err) reject(err);
            else resolve(result.rows as T[]);
          }),
        );
      }),
  );
}
