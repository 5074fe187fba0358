import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageCodec } from '../../db/media/image-codec';
import { newImageId, putImageFile } from '../../db/media/images.service';
import { ensureRendition, renderImage } from '../../db/media/render-image';
import { imagePrefix, masterKey, renditionKey, resolveRendition } from '../../db/media/renditions';
import type { Storage } from '../../db/media/storage';
import { makeImage } from './images';

export interface StorageUnderTest {
  storage: Storage;
  cleanup(): Promise<void>;
}

/** The behaviour every Storage adapter owes the image pipeline; each test gets an empty store from `fresh`. */
export function describeStorageContract(
  name: string,
  fresh: () => Promise<StorageUnderTest>,
  opts: { racingWritesStayWhole?: boolean } = {},
): void {
  describe(`${name} storage (shared contract)`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;
    const codec = new ImageCodec();
    afterAll(() => codec.close());
    beforeEach(async () => {
      subject = await fresh();
      storage = subject.storage;
    });
    afterEach(() => subject.cleanup());

    it('puts, reads, checks and deletes a key, byte for byte', async () => {
      const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await storage.put('images/abc/master.webp', bytes);
      expect(Buffer.compare((await storage.get('images/abc/master.webp'))!, bytes)).toBe(0);
      expect(await storage.exists('images/abc/master.webp')).toBe(true);
      await storage.delete('images/abc/master.webp');
      expect(await storage.get('images/abc/master.webp')).toBeNull();
      expect(await storage.exists('images/abc/master.webp')).toBe(false);
    });

    it("puts a local file's bytes (an upload's master) and leaves the file where it was", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
      try {
        const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
        const file = path.join(dir, 'master.webp');
        await writeFile(file, bytes);
        await putImageFile(storage, 'abc', 'images/abc/master.webp', { file });
        expect(Buffer.compare((await storage.get('images/abc/master.webp'))!, bytes)).toBe(0);
        expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
        if (storage.putFile) await expect(storage.putFile('../escape', file)).rejects.toThrow(/invalid storage key/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('answers null and false for a key never written, and deleting it is harmless', async () => {
      expect(await storage.get('images/nothing/master.webp')).toBeNull();
      expect(await storage.exists('images/nothing/master.webp')).toBe(false);
      await expect(storage.delete('images/nothing/master.webp')).resolves.toBeUndefined();
      await expect(storage.delete('images/nothing/')).resolves.toBeUndefined();
    });

    it('deletes everything under a prefix and nothing else, not even a key sharing its first letters', async () => {
      await storage.put('images/a/master.webp', Buffer.from('1'));
      await storage.put('images/a/r/max1080-q82.avif', Buffer.from('2'));
      await storage.put('images/ab/master.webp', Buffer.from('3'));
      await storage.delete('images/a/');
      expect(await storage.exists('images/a/master.webp')).toBe(false);
      expect(await storage.exists('images/a/r/max1080-q82.avif')).toBe(false);
      expect((await storage.get('images/ab/master.webp'))?.toString()).toBe('3');
    });

    it.skipIf(opts.racingWritesStayWhole === false)('replaces a key whole when writes race', async () => {
      await storage.put('k/v', Buffer.alloc(100_000, 1));
      await Promise.all([storage.put('k/v', Buffer.alloc(200_000, 2)), storage.put('k/v', Buffer.alloc(300_000, 3))]);
      const data = (await storage.get('k/v'))!;
      expect([200_000, 300_000]).toContain(data.length);
      expect(data.every((b) => b === data[0])).toBe(true);
    });

    it.each(['../escape', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b'])('refuses the key %j', async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    });

    it('keeps renditions under the image’s prefix, encodes each once, and loses them all with the image', async () => {
      const id = newImageId();
      await storage.put(masterKey(id), (await codec.encodeMaster(await makeImage('jpeg', { width: 1600, height: 1200 }))).data);
      const first = await renderImage(storage, codec, id, 'profile', { w: 360 });
      expect(first?.mime).toBe('image/avif');
      const key = renditionKey(id, resolveRendition('profile', { w: 360 }));
      expect(key.startsWith(imagePrefix(id))).toBe(true);
      expect(Buffer.compare((await storage.get(key))!, first!.data)).toBe(0);
      // Stored bytes are served as they are: proof the second request does not encode again.
      await storage.put(key, Buffer.from('cached'));
      expect((await renderImage(storage, codec, id, 'profile', { w: 360 }))?.data.toString()).toBe('cached');
      expect(await ensureRendition(storage, codec, id, 'avatar', { f: 'jpeg' })).toBe(
        renditionKey(id, resolveRendition('avatar', { f: 'jpeg' })),
      );
      await storage.delete(imagePrefix(id));
      for (const gone of [masterKey(id), key, renditionKey(id, resolveRendition('avatar', { f: 'jpeg' }))])
        expect(await storage.exists(gone)).toBe(false);
      expect(await renderImage(storage, codec, id, 'profile', {})).toBeNull();
      expect(await ensureRendition(storage, codec, id, 'profile', {})).toBeNull();
    });
  });
}
