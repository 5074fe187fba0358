import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The disk fills up in the middle of a write: half the bytes land, then ENOSPC.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    writeFile: async (file: string, data: Buffer, opts: object) => {
      if (!String(file).includes('full')) return fs.writeFile(file, data, opts);
      await fs.writeFile(file, data.subarray(0, data.length >> 1), opts);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
});

const { createLocalDiskStorage } = await import('../../db/media/local-disk.storage');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-full-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('local disk storage on a full disk', () => {
  it('fails the write and leaves neither the partial temp file nor a file under the key', async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.put('images/full/master.webp', Buffer.alloc(100_000, 7))).rejects.toMatchObject({ code: 'ENOSPC' });
    const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files).toEqual([]);
    expect(await storage.get('images/full/master.webp')).toBeNull();
  });
});
