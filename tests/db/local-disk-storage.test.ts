import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import type { Storage } from '../../db/media/storage';
import { describeStorageContract } from '../support/storage-contract';

describeStorageContract('local disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
  return { storage: createLocalDiskStorage(dir), cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }) };
});

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-unit-'));
  storage = createLocalDiskStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const allFiles = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

describe('local disk storage', () => {
  it('replaces a key whole and leaves no temp files', async () => {
    await storage.put('k/v', Buffer.alloc(100_000, 1));
    await Promise.all([storage.put('k/v', Buffer.alloc(200_000, 2)), storage.put('k/v', Buffer.alloc(300_000, 3))]);
    expect(await allFiles()).toEqual(['v']);
  });

  it('leaves neither a partial file nor a temp file when a write fails', async () => {
    await mkdir(path.join(root, 'k', 'taken', 'inner'), { recursive: true });
    await expect(storage.put('k/taken', Buffer.alloc(50_000, 9))).rejects.toThrow();
    expect(await allFiles()).toEqual([]);
  });
});
