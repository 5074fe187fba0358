import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Ends the text of a statement that is run over and over with other values (a feed shape, a chat's access check):
 * PreparingClient sends it as a named prepared statement, parsed once per connection, so PostgreSQL may keep its plan
 * instead of planning it anew on every call (planning was half the database time of a feed card, issue 42). Only for
 * texts of a fixed shape: each distinct text stays prepared on every connection for the connection's life.
 */
export const PREPARE_MARK = ' /* prepared */';

/** Each marked text's name, hashed once per process: the texts are few and fixed, some of them kilobytes long. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool's pg Client (pg-pool's documented `Client` option, given through MikroORM's `driverOptions`): a statement
 * whose text ends with PREPARE_MARK goes as pg's documented named query config ({ name, text, values }); every other
 * call passes on unchanged. Kysely's PostgresDriver sends a statement as `query(text, values)`.
 */
export class PreparingClient extends pg.Client {
  // @ts-expect-error -- one override for all of pg's query overloads; only a marked text is changed.
  override query(...args: unknown[]): unknown {
    const [text, values] = args;
    const run = super.query as (...a: unknown[]) => unknown;
    if (typeof text === 'string' && text.endsWith(PREPARE_MARK) && (values === undefined || Array.isArray(values)))
      return run.call(this, { name: nameOf(text), text, values }, ...args.slice(2));
    return run.apply(this, args);
  }
}
