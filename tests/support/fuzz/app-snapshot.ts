import { readdir } from 'node:fs/promises';
import type { TestApp } from '../test-app';
import { dbFingerprint } from '../security/db-fingerprint';

/** The database fingerprint plus the number of stored files (a refused upload must leave none behind). */
export async function appSnapshot(app: TestApp): Promise<Record<string, string>> {
  const files = (await readdir(app.storageDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  return { ...(await dbFingerprint(app.db.orm)), 'storage files': String(files) };
}
