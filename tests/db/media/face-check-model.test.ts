import { afterAll, describe, expect, it } from 'vitest';
import { faceFlags, FACE_CHECK_MESSAGES, faceLine } from '../../../contracts/face-check';
import { ImageCodec } from '../../../db/media/image-codec';
import { NsfwClassifier } from '../../../platform/screening/nsfw-classifier';
import { samplePhoto } from '../../../scripts/bench/sample-photo';
import { faceSample } from '../../support/face-check';
import { makeImage } from '../../support/images';

// The real face model (issue 43: @vladmandic/face-api's tiny face detector and age/gender model, in the screening
// process, on the wasm backend), fed as uploads feed it: the encoder job's 224×224 screening pixels.
const classifier = new NsfwClassifier();
const codec = new ImageCodec();
afterAll(async () => {
  await classifier.close();
  codec.close();
});

const pixelsOf = async (image: Buffer) => (await codec.encodeMaster(image, { screeningPixels: true })).pixels!;

describe('the face check model', () => {
  it('finds faces in the package sample photos, with an integer apparent age of an adult', { timeout: 120_000 }, async () => {
    const results = [];
    for (const n of [1, 2, 3, 4, 5, 6] as const) results.push({ n, ...(await classifier.checkFace(await pixelsOf(await faceSample(n)))) });
    console.log(`face check on the package samples: ${results.map((r) => `${r.n}: ${r.faces} faces, ${r.age} y`).join('; ')}`);
    for (const r of results) {
      expect(r.faces, `sample ${r.n}`).toBeGreaterThan(0);
      expect(Number.isInteger(r.age), `sample ${r.n}`).toBe(true);
      // The samples show adults: a plausible apparent age, not a child's nor an old person's.
      expect(r.age!, `sample ${r.n}`).toBeGreaterThanOrEqual(16);
      expect(r.age!, `sample ${r.n}`).toBeLessThanOrEqual(60);
      expect(r.model).toMatch(/^face-api 1\.7\.15 /);
    }
  });

  it('finds no face in generated pictures without one', { timeout: 120_000 }, async () => {
    const pictures = [await makeImage('jpeg'), await makeImage('png', { width: 640, height: 480 }), await samplePhoto()];
    for (const picture of pictures) {
      const check = await classifier.checkFace(await pixelsOf(picture));
      expect(check).toMatchObject({ faces: 0, age: null });
      expect(faceLine(check)).toBe(FACE_CHECK_MESSAGES.noFace);
    }
  });

  it('flags a stated age far below the apparent one on the samples, and not an adult stated as one', { timeout: 120_000 }, async () => {
    const check = await classifier.checkFace(await pixelsOf(await faceSample(1)));
    expect(faceFlags([check], 14)).toEqual([FACE_CHECK_MESSAGES.checkAge]);
    expect(faceFlags([check], check.age!)).toEqual([]);
  });
});
