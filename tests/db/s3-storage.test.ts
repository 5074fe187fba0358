import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../db/media/create-storage';
import { ImageCodec } from '../../db/media/image-codec';
import { newImageId } from '../../db/media/images.service';
import { ensureRendition } from '../../db/media/render-image';
import { masterKey } from '../../db/media/renditions';
import { createS3Storage } from '../../db/media/s3.storage';
import { makeImage } from '../support/images';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { describeStorageContract } from '../support/storage-contract';

let s3: TestS3Server;
const codec = new ImageCodec();
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  codec.close();
  await s3.close();
});

// s3rver, the stand-in here, streams two racing PUTs of one key into the same file (seen mixed under load);
// S3 itself stores each PUT whole, last writer wins, so that case is the store's, not the adapter's.
describeStorageContract('S3', async () => ({ storage: createS3Storage(await s3.freshBucket()), cleanup: async () => undefined }), {
  racingWritesStayWhole: false,
});

describe('S3 storage', () => {
  it('treats a missing bucket as a failure, not as a missing image', async () => {
    const storage = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(storage.get('images/abc/master.webp')).rejects.toThrow();
    await expect(storage.put('images/abc/master.webp', Buffer.from('x'))).rejects.toThrow();
  });

  it('deletes a prefix of more objects than one listing page holds', async () => {
    const storage = createS3Storage(await s3.freshBucket());
    const keys = Array.from({ length: 1005 }, (_, i) => `images/many/r/${i}.webp`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'))));
    await storage.put('images/other/master.webp', Buffer.from('keep'));
    await storage.delete('images/many/');
    // A listing is sorted by key, so …/999.webp comes last, on the second page.
    for (const n of [0, 1004, 995, 999]) expect(await storage.exists(`images/many/r/${n}.webp`)).toBe(false);
    expect(await storage.exists('images/other/master.webp')).toBe(true);
  }, 60_000);

  it('with a public URL, offers each rendition at its public address, typed and cacheable', async () => {
    const options = await s3.freshBucket();
    const storage = createS3Storage({ ...options, publicUrl: `${s3.endpoint}/${options.bucket}/` });
    const id = newImageId();
    await storage.put(masterKey(id), (await codec.encodeMaster(await makeImage())).data);
    const key = (await ensureRendition(storage, codec, id, 'avatar', {}))!;
    expect(storage.publicUrl!(key)).toBe(`${s3.endpoint}/${options.bucket}/${key}`);
    const res = await fetch(storage.publicUrl!(key));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // An hour, not immutable: a deleted image must leave a CDN in front of the bucket.
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(createS3Storage(options).publicUrl).toBeUndefined();
    // A rendition that could not be stored has no public address: /cdn then serves it itself.
    const unwritable = { ...storage, put: () => Promise.reject(new Error('bucket is read-only')) };
    expect(await ensureRendition(unwritable, codec, id, 'avatar', { w: 128 })).toBeNull();
  });
});

describe('createStorage', () => {
  it('uses S3 when it is configured and the local disk otherwise', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storage-choice-'));
    try {
      const options = await s3.freshBucket();
      await createStorage({ storageDir: dir, s3: options }).put('images/x/master.webp', Buffer.from('s3'));
      expect((await createS3Storage(options).get('images/x/master.webp'))?.toString()).toBe('s3');
      expect(await readdir(dir)).toEqual([]);
      await createStorage({ storageDir: dir, s3: null }).put('images/y/master.webp', Buffer.from('disk'));
      expect(await readdir(dir)).toEqual(['images']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
