import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import type { Storage } from '../../db/media/storage';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-unit-'));
  storage = createLocalDiskStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const allFiles = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

describe('local disk storage', () => {
  it('puts, reads, checks and deletes a key', async () => {
    await storage.put('images/abc/master.webp', Buffer.from('hello'));
    expect((await storage.get('images/abc/master.webp'))?.toString()).toBe('hello');
    expect(await storage.exists('images/abc/master.webp')).toBe(true);
    await storage.delete('images/abc/master.webp');
    expect(await storage.get('images/abc/master.webp')).toBeNull();
    expect(await storage.exists('images/abc/master.webp')).toBe(false);
  });

  it('deletes everything under a prefix and nothing else', async () => {
    await storage.put('images/a/master.webp', Buffer.from('1'));
    await storage.put('images/a/r/max1080-q82.avif', Buffer.from('2'));
    await storage.put('images/b/master.webp', Buffer.from('3'));
    await storage.delete('images/a/');
    expect(await storage.exists('images/a/master.webp')).toBe(false);
    expect(await storage.exists('images/a/r/max1080-q82.avif')).toBe(false);
    expect(await storage.exists('images/b/master.webp')).toBe(true);
  });

  it('replaces a key whole and leaves no temp files', async () => {
    await storage.put('k/v', Buffer.alloc(100_000, 1));
    await Promise.all([storage.put('k/v', Buffer.alloc(200_000, 2)), storage.put('k/v', Buffer.alloc(300_000, 3))]);
    const data = (await storage.get('k/v'))!;
    expect([200_000, 300_000]).toContain(data.length);
    expect(data.every((b) => b === data[0])).toBe(true);
    expect(await allFiles()).toEqual(['v']);
  });

  it('leaves neither a partial file nor a temp file when a write fails', async () => {
    await mkdir(path.join(root, 'k', 'taken', 'inner'), { recursive: true });
    await expect(storage.put('k/taken', Buffer.alloc(50_000, 9))).rejects.toThrow();
    expect(await allFiles()).toEqual([]);
  });

  it.each(['../escape', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });
});
