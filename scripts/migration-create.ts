// Diffs the entities against a database migrated to the latest committed migration and writes the next one.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../platform/postgres/embedded-postgres';
import { ensureDatabase } from '../platform/postgres/databases';
import { closeOrm, openOrm, migrate } from '../db/orm';

const listFile = 'db/migrations/list.ts';

async function main(): Promise<void> {
  const server = await startEmbeddedPostgres({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'mig-')), persistent: false });
  const url = server.url('migration_diff');
  try {
    await ensureDatabase(url);
    const orm = await openOrm({ clientUrl: url });
    await migrate(orm);
    const result = await orm.migrator.create('db/migrations', false, false);
    await closeOrm(orm);
    if (!result.fileName) {
      console.log('No changes: entities match the migrations.');
      return;
    }
    const name = result.fileName.replace(/\.ts$/, '');
    const list = readFileSync(listFile, 'utf8')
      .replace(/(import type .*\n)/, `$1import { ${name} } from './${name}';\n`)
      .replace(/\n?\];\s*$/, `\n  { name: '${name}', class: ${name} },\n];\n`);
    writeFileSync(listFile, list);
    console.log(`Created db/migrations/${result.fileName}`);
  } finally {
    await server.stop();
  }
}

await main();
