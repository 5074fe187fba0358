import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteImage } from '../../../db/media/images.service';
import { masterKey, renditionKey, resolveRendition } from '../../../db/media/renditions';
import { createS3Storage } from '../../../db/media/s3.storage';
import { initDataFor } from '../../support/sockets';
import { createMember } from '../../support/factories';
import { binaryBody, makeImage, upload } from '../../support/images';
import { startS3Server, type TestS3Server } from '../../support/s3-server';
import { createTestApp, type TestApp } from '../../support/test-app';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

async function uploadPhoto(app: TestApp): Promise<{ id: string; url: string }> {
  const owner = await createMember(app.db.orm.em.fork());
  const res = await upload(app, initDataFor(owner), await makeImage('jpeg', { width: 2000, height: 1500 }), { variant: 'profile' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; url: string };
}

describe('images on S3, served through /cdn', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ storage: createS3Storage(s3.options) });
  });
  afterAll(() => app.close());

  it('stores an upload in the bucket, serves its profile rendition, and forgets both once the image is deleted', async () => {
    const photo = await uploadPhoto(app);
    expect(await app.storage.exists(masterKey(photo.id))).toBe(true);
    // Profile uploads are pre-rendered: the card's largest photo is already an object of its own.
    expect(await app.storage.exists(renditionKey(photo.id, resolveRendition('profile', { w: 1080 })))).toBe(true);

    const res = await app.request.get(`/cdn/images/${photo.id}/profile`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'heif', width: 1080, height: 810 });
    const small = await app.request.get(`/cdn/images/${photo.id}/profile?w=360&f=webp`).buffer(true).parse(binaryBody);
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 360 });
    expect(await app.storage.exists(renditionKey(photo.id, resolveRendition('profile', { w: 360, f: 'webp' })))).toBe(true);

    await deleteImage(app.db.orm.em.fork(), app.storage, photo.id);
    expect(await app.storage.exists(masterKey(photo.id))).toBe(false);
    expect(await app.storage.exists(renditionKey(photo.id, resolveRendition('profile', { w: 360, f: 'webp' })))).toBe(false);
    expect((await app.request.get(`/cdn/images/${photo.id}/profile?w=640`)).status).toBe(404);
  });

  it('answers 404 for an id the bucket does not hold', async () => {
    expect((await app.request.get('/cdn/images/0123456789abcdef01234567/profile')).status).toBe(404);
  });
});

describe('images on S3 with S3_PUBLIC_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ storage: createS3Storage({ ...s3.options, publicUrl: `${s3.endpoint}/${s3.bucket}` }) });
  });
  afterAll(() => app.close());

  it('redirects /cdn to the rendition in the public bucket, encoding it first when needed', async () => {
    const photo = await uploadPhoto(app);
    const res = await app.request.get(`/cdn/images/${photo.id}/profile?w=720&f=jpeg`);
    expect(res.status).toBe(302);
    const key = renditionKey(photo.id, resolveRendition('profile', { w: 720, f: 'jpeg' }));
    expect(res.headers.location).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
    // Any other query goes to the nearest allowed rendition's object: nothing else is encoded or stored.
    expect((await app.request.get(`/cdn/images/${photo.id}/profile?w=700&q=40&f=jpeg`)).headers.location).toBe(res.headers.location);
    const direct = await fetch(res.headers.location!);
    expect(direct.headers.get('content-type')).toBe('image/jpeg');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 720 });
    expect((await app.request.get('/cdn/images/0123456789abcdef01234567/profile')).status).toBe(404);
  });
});
