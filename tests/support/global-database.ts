import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { startEmbeddedPostgres } from '../../platform/postgres/embedded-postgres';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logger';
import { migrate, closeOrm, openOrm } from '../../db/orm';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL server per run (embedded, or the one in DATABASE_URL) and one migrated
 * template database; every test file clones its own copy from it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = `tpl_${process.pid}_${Date.now().toString(36)}`;
  let serverUrl: string;
  let stopServer = async () => undefined as void;
  let dataDir: string | null = null;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    serverUrl = server.url('postgres');
    stopServer = server.stop;
  }
  const templateUrl = withDatabase(serverUrl, template);
  await ensureDatabase(templateUrl);
  const orm = await openOrm({ clientUrl: templateUrl });
  await migrate(orm);
  await closeOrm(orm, true);
  // The job queue's schema too, so that every clone has it at no cost.
  await (await createJobQueue(templateUrl, createLogger('error'))).close();
  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  return async () => {
    await dropDatabase(serverUrl, template).catch(() => undefined);
    await stopServer();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
