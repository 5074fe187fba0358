import type pg from 'pg';
import { PreparingClient } from '../../platform/postgres/prepared-statements';
import { afterAll, beforeAll } from 'vitest';
import { closeOrm, openOrm, type Orm } from '../../db/orm';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The ORM's pg Client (PreparingClient) handing every statement it sends to `record` first: the ORM's pool makes its clients
 * with it (pg-pool's documented `Client` option, given through MikroORM's `driverOptions`, which are merged into the
 * pool's options). Kysely's PostgresDriver sends a statement as `query(text, values)`; a cursor is an object.
 */
export function recordingClient(record: (statement: Statement) => void): new (config?: pg.ClientConfig) => unknown {
  return class RecordingClient extends PreparingClient {
    override query(...args: unknown[]): unknown {
      const [first, second] = args;
      if (typeof first === 'string') record({ text: first, values: Array.isArray(second) ? (second as unknown[]) : [] });
      else if (first && typeof first === 'object' && 'text' in first)
        record({ text: String(first.text), values: (first as { values?: unknown[] }).values ?? [] });
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
  };
}

export interface RecordingOrm {
  orm: Orm;
  /** The statements (their text, lower case) that `work` sent, in order, and its result. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  close(): Promise<void>;
}

/** An ORM on `databaseUrl` whose statements can be counted: what an action costs the database, as it sends it. */
export async function openRecordingOrm(databaseUrl: string): Promise<RecordingOrm> {
  let sink: string[] | null = null;
  const Client = recordingClient((s) => sink?.push(s.text.toLowerCase()));
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 1, driverOptions: { Client } });
  // The ORM's check of its first connection is no action's.
  await orm.em.getConnection().execute('select 1');
  return {
    orm,
    during: async (work) => {
      const statements: string[] = [];
      sink = statements;
      try {
        return { result: await work(), statements };
      } finally {
        sink = null;
      }
    },
    close: () => closeOrm(orm, true),
  };
}

/**
 * A test database of its own and a recording ORM on it for a file's tests: made before them (then handed to `ready`),
 * closed and dropped after them.
 */
function useRecordingDatabase(ready: (db: TestDatabase, recording: RecordingOrm) => void): void {
  let db: TestDatabase | undefined;
  let recording: RecordingOrm | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    recording = await openRecordingOrm(db.url);
    ready(db, recording);
  });
  afterAll(async () => {
    await recording?.close();
    await db?.drop();
  });
}

/** useRecordingDatabase for a file's tests that read both: `db` and `recording` are set once its beforeAll has run. */
export function useRecording(): { readonly db: TestDatabase; readonly recording: RecordingOrm } {
  const made = {} as { db: TestDatabase; recording: RecordingOrm };
  useRecordingDatabase((db, recording) => Object.assign(made, { db, recording }));
  return made;
}
