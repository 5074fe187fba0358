import { stripVTControlCharacters } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/logger';
import { captureLogs } from '../support/log-capture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
afterEach(() => vi.unstubAllEnvs());

/** What the logger writes for `err`. */
function logged(err: unknown): string {
  const logs = captureLogs('error');
  logs.logger.error('unhandled error', { err });
  return logs.text();
}

/** What a logger writing to a destination that is (or is not) a terminal writes for one line. */
function written(isTTY: boolean, log: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  log(createLogger('info', { destination: { write: (line: string) => lines.push(line), isTTY } }));
  return lines.join('');
}

describe('log lines', () => {
  const start = (logger: ReturnType<typeof createLogger>) => logger.info('starting', { node: process.version, mode: 'demo', role: 'all' });

  it('are one JSON object each when not written to a terminal', () => {
    const line = written(false, start);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({
      level: 30,
      msg: 'starting',
      node: process.version,
      mode: 'demo',
      role: 'all',
      pid: process.pid,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('are readable in a terminal, and JSON there too in production', () => {
    expect(stripVTControlCharacters(written(true, start))).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: starting \\{"node":"${process.version}","mode":"demo","role":"all"\\}\\n$`),
    );
    vi.stubEnv('NODE_ENV', 'production');
    expect(JSON.parse(written(true, start))).toMatchObject({ msg: 'starting', node: process.version });
  });

  it('honour the level, and a child’s lines carry its bindings', () => {
    const logs = captureLogs('info');
    logs.logger.debug('not shown');
    logs.logger.child({ reqId: 'r-1' }).warn('slow', { ms: 5 });
    expect(logs.records()).toEqual([expect.objectContaining({ level: 40, msg: 'slow', reqId: 'r-1', ms: 5 })]);
    const silent = captureLogs('silent');
    silent.logger.error('not shown either');
    expect(silent.text()).toBe('');
  });

  it('write an error with its name, message and stack, wherever it is in the fields', () => {
    const logs = captureLogs('error');
    logs.logger.error('failed', { err: new TypeError('boom'), steps: [{ err: new Error('inner') }] });
    const [record] = logs.records();
    expect(record!.err).toMatchObject({ name: 'TypeError', message: 'boom', stack: expect.stringContaining('logger.test.ts') });
    expect(record!.steps).toEqual([{ err: expect.objectContaining({ message: 'inner' }) }]);
  });

  it('never write a message’s text, initData or a token, even when a caller passes them', () => {
    const logs = captureLogs('debug');
    logs.logger.child({ initData: 'query_id=1&hash=abc' }).info('oops', { text: 'Привет, это я', nested: { token: '123:secret' } });
    expect(logs.text()).not.toMatch(/Привет|query_id|123:secret/);
  });
});

describe('logging a failed statement', () => {
  it('keeps the SQLSTATE and PostgreSQL’s message, never the statement’s values', async () => {
    const secret = '99999999999999999999';
    const err = await db.orm.em
      .fork()
      .getConnection()
      .execute('SELECT ?::bigint AS v, ? AS name', [secret, 'Лена из Москвы'])
      .catch((e: unknown) => e);
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
