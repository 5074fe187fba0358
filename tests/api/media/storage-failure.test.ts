import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Image } from '../../../db/media/image.entity';
import type { Storage } from '../../../db/media/storage';
import type { StickerSource } from '../../../db/stickers/sticker-source';
import { createMember } from '../../support/factories';
import { makeImage, upload } from '../../support/images';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

const stickers: StickerSource = {
  getStickerSet: async (name) => ({
    name,
    title: 'Набор',
    stickers: [1, 2, 3, 4, 5, 6].map((n) => ({
      fileId: `f${n}`,
      fileUniqueId: `u${n}`,
      emoji: null,
      isAnimated: false,
      isVideo: false,
      thumbnailFileId: null,
    })),
  }),
  download: () => makeImage('png', { width: 64, height: 64 }),
};

let app: TestApp;
let realPut: Storage['put'];
let realPutFile: Storage['putFile'];
beforeAll(async () => {
  app = await createTestApp({ stickerSource: stickers });
  realPut = app.storage.put;
  realPutFile = app.storage.putFile;
});
afterAll(() => app.close());
afterEach(() => {
  app.storage.put = realPut;
  app.storage.putFile = realPutFile;
});

/**
 * A disk that fills up after `okWrites` writes (of bytes, or of a file's bytes as an upload's master is written): the
 * next one leaves half a file and fails with ENOSPC.
 */
function diskFullAfter(okWrites: number): void {
  let writes = 0;
  const fail = async (key: string, data: Buffer) => {
    const file = path.join(app.storageDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data.subarray(0, data.length >> 1));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  app.storage.put = async (key, data) => (writes++ < okWrites ? realPut(key, data) : fail(key, data));
  app.storage.putFile = async (key, source) => (writes++ < okWrites ? realPutFile!(key, source) : fail(key, await readFile(source)));
}

const storedFiles = async () => (await readdir(app.storageDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
const STORAGE_FAILED = 'Не удалось сохранить файл: хранилище недоступно. Попробуйте позже';

describe('a storage write that fails (disk full)', () => {
  it('answers an upload with a clear 503 and leaves neither a file nor a row behind', async () => {
    const owner = await createMember(app.db.orm.em.fork());
    const files = await storedFiles();
    diskFullAfter(0);
    const res = await upload(app, initDataFor(owner), await makeImage('jpeg'), { variant: 'profile' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, error: 'UNAVAILABLE', message: STORAGE_FAILED });
    expect(await storedFiles()).toBe(files);
    expect(await app.db.orm.em.fork().count(Image, { owner })).toBe(0);
  });

  it('still serves an image whose rendition cannot be cached', async () => {
    const owner = await createMember(app.db.orm.em.fork());
    const res = await upload(app, initDataFor(owner), await makeImage('jpeg'), { variant: 'media' });
    expect(res.status).toBe(200);
    diskFullAfter(0);
    const served = await app.request.get(`${res.body.url}?w=128`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('fails a sticker import midway without keeping any of its pictures', async () => {
    const owner = await createMember(app.db.orm.em.fork());
    const files = await storedFiles();
    diskFullAfter(2);
    const res = await app.request
      .post('/api/stickers/import')
      .send({ initData: initDataFor(owner), telegramUrl: 't.me/addstickers/Full_disk' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, message: STORAGE_FAILED });
    expect(await storedFiles()).toBe(files);
    app.storage.put = realPut;
    app.storage.putFile = realPutFile;
    const retry = await app.request
      .post('/api/stickers/import')
      .send({ initData: initDataFor(owner), telegramUrl: 't.me/addstickers/Full_disk' });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.stickers).toHaveLength(6);
  });
});
