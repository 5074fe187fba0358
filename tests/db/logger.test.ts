import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../db/logger';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** What the logger writes for `err`, caught from stderr. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  try {
    createLogger('error').error('unhandled error', { err });
  } finally {
    spy.mockRestore();
  }
  return lines.join('');
}

describe('logging a failed statement', () => {
  it('keeps the SQLSTATE and PostgreSQL’s message, never the statement’s values', async () => {
    const secret = '99999999999999999999';
    const err = await db.orm.em.fork().getConnection().execute('SELECT ?::bigint AS v, ? AS name', [secret, 'Лена из Москвы']).catch((e: unknown) => e);
    const line = logged(err);
    expect(line).toContain('"code":"22003"');
    expect(line).toContain('out of range for type bigint');
    expect(line).not.toContain(secret);
    expect(line).not.toContain('Лена');
  });

  it('leaves the rows quoted in a constraint violation’s detail out', async () => {
    const em = db.orm.em.fork();
    await em.getConnection().execute('CREATE TEMP TABLE t (email text UNIQUE)');
    const insert = () => em.getConnection().execute('INSERT INTO t VALUES (?)', ['lena@example.org']);
    await insert();
    const line = logged(await insert().catch((e: unknown) => e));
    expect(line).toContain('"code":"23505"');
    expect(line).not.toContain('lena@example.org');
  });
});
