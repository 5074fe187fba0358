import type * as tfjs from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStickerSet } from '../../bot/dev/demo-stickers';
import { demoPeople } from '../../db/demo/demo-people';
import { demoPhoto } from '../../db/demo/demo-photos';
import { ImageCodec } from '../../db/media/image-codec';
import { stickerScreeningPixels, toWebp } from '../../db/stickers/sticker-picture';
import { foldBatchNorms, loadFoldedMobileNetV2 } from '../../platform/screening/folded-model.mjs';
import { NsfwClassifier } from '../../platform/screening/nsfw-classifier';
import { startWasmBackend } from '../../platform/screening/wasm-backend.mjs';
import { samplePhoto } from '../../scripts/bench/sample-photo';
import { faceSample } from '../support/face-check';
import { makeImage } from '../support/images';

// The screening model with its batch norms folded into its convolutions (platform/screening/folded-model.mjs) against
// nsfwjs's MobileNetV2 as the package loads it, on the same wasm backend. Isolated: TensorFlow.js's backend is
// process-wide, and this file sets it in its own test process.
const SIDE = 224;
/** Float32 rounding of the folded weights moves a score by about 1e-6; a wrong fold by far more. */
const SCORE_TOLERANCE = 1e-4;

let tf: typeof tfjs;
let original: NSFWJS;
const classifier = new NsfwClassifier();
const codec = new ImageCodec();
beforeAll(async () => {
  tf = await startWasmBackend();
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  original = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
}, 60_000);
afterAll(async () => {
  original?.dispose();
  await classifier.close();
  codec.close();
});

const pixelsOf = async (image: Buffer) => (await codec.encodeMaster(image, { screeningPixels: true })).pixels!;

/** Pixels of a fixed pseudo-random sequence (a linear congruential generator): the same noise on every run. */
function noise(seed: number): Buffer {
  const bytes = Buffer.alloc(SIDE * SIDE * 3);
  let state = seed;
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

async function scoresOf(net: NSFWJS, pixels: Buffer): Promise<Record<string, number>> {
  const input = tf.tensor3d(new Uint8Array(pixels), [SIDE, SIDE, 3], 'int32');
  try {
    return Object.fromEntries((await net.classify(input, 5)).map((p) => [p.className.toLowerCase(), p.probability]));
  } finally {
    input.dispose();
  }
}

/** How many times each kernel runs in one classification. */
async function kernelsOf(net: NSFWJS): Promise<Record<string, number>> {
  const input = tf.zeros([SIDE, SIDE, 3]) as tfjs.Tensor3D;
  const profile = await tf.profile(async () => {
    const logits = net.infer(input);
    await logits.data();
    logits.dispose();
  });
  input.dispose();
  const counts: Record<string, number> = {};
  for (const kernel of profile.kernels) counts[kernel.name] = (counts[kernel.name] ?? 0) + 1;
  return counts;
}

describe('the screening model with its batch norms folded', () => {
  it('scores real and made-up pictures as the model nsfwjs ships does', { timeout: 180_000 }, async () => {
    const pictures: Array<[string, Buffer]> = [
      ['camera-like photo', await pixelsOf(await samplePhoto())],
      ['test JPEG', await pixelsOf(await makeImage('jpeg'))],
      ['test PNG', await pixelsOf(await makeImage('png', { width: 640, height: 480 }))],
      ['face-api sample 1', await pixelsOf(await faceSample(1))],
      ['face-api sample 4', await pixelsOf(await faceSample(4))],
      ['noise', noise(42)],
      ['other noise', noise(7)],
    ];
    for (const person of demoPeople().slice(0, 3))
      pictures.push([`demo photo ${person.firstName}`, await pixelsOf((await demoPhoto(person.telegramId, 0, person.firstName)).data)]);
    const sticker = (await demoStickerSet()).stickers[0]!;
    pictures.push(['demo sticker', await stickerScreeningPixels(await toWebp(sticker.png))]);
    let maxDifference = 0;
    for (const [name, pixels] of pictures) {
      const expected = await scoresOf(original, pixels);
      // The folded model as uploads meet it: in the screening process.
      const actual = await classifier.classify(pixels);
      expect(Object.keys(actual).sort(), name).toEqual(Object.keys(expected).sort());
      for (const [label, score] of Object.entries(expected)) {
        const difference = Math.abs(actual[label as keyof typeof actual] - score);
        expect(difference, `${name}: ${label}`).toBeLessThanOrEqual(SCORE_TOLERANCE);
        maxDifference = Math.max(maxDifference, difference);
      }
    }
    console.log(`folded screening model: largest score difference ${maxDifference.toExponential(2)} over ${pictures.length} pictures`);
  });

  it('runs no batch norm, and the same convolutions', { timeout: 60_000 }, async () => {
    const folded = await loadFoldedMobileNetV2(tf);
    try {
      const before = await kernelsOf(original);
      const after = await kernelsOf(folded);
      expect(before.FusedBatchNorm).toBe(52);
      expect(after.FusedBatchNorm).toBeUndefined();
      expect([after.FusedConv2D, after.DepthwiseConv2dNative]).toEqual([before.FusedConv2D, before.DepthwiseConv2dNative]);
    } finally {
      folded.dispose();
    }
  });
});

interface Tiny {
  /** The layer before the batch norm. */
  conv?: 'conv' | 'depthwise';
  activation?: 'linear' | 'relu';
  /** Something besides the batch norm reads the convolution's output. */
  sharedOutput?: boolean;
  center?: boolean;
}

/** A small Keras model conv → batch norm (its statistics made up), saved as tfjs saves a layers model. */
async function tinyModel({ conv = 'conv', activation = 'linear', sharedOutput = false, center = true }: Tiny) {
  const input = tf.input({ shape: [6, 6, 4] });
  const layer =
    conv === 'conv'
      ? tf.layers.conv2d({ name: 'conv', filters: 3, kernelSize: 3, padding: 'same', useBias: true, activation })
      : tf.layers.depthwiseConv2d({ name: 'conv', kernelSize: 3, depthMultiplier: 2, padding: 'same', useBias: false, activation });
  const convolved = layer.apply(input) as tfjs.SymbolicTensor;
  const bn = tf.layers.batchNormalization({ name: 'bn', center });
  const normalized = bn.apply(convolved) as tfjs.SymbolicTensor;
  const output = sharedOutput ? (tf.layers.add().apply([convolved, normalized]) as tfjs.SymbolicTensor) : normalized;
  const model = tf.model({ inputs: input, outputs: output });
  const channels = conv === 'conv' ? 3 : 8;
  // Statistics far from the identity: a fold that mixed up channels or left a term out would show.
  bn.setWeights(
    [
      tf.randomUniform([channels], 0.5, 2),
      ...(center ? [tf.randomUniform([channels], -1, 1)] : []),
      tf.randomUniform([channels], -1, 1),
      tf.randomUniform([channels], 0.1, 3),
    ].map((t) => t as tfjs.Tensor),
  );
  if (conv === 'conv') layer.setWeights([layer.getWeights()[0]!, tf.randomUniform([channels], -1, 1)]);
  let artifacts: tfjs.io.ModelArtifacts | undefined;
  await model.save(
    tf.io.withSaveHandler(async (saved) => {
      artifacts = saved;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  model.dispose();
  return artifacts!;
}

async function predict(artifacts: tfjs.io.ModelArtifacts, input: tfjs.Tensor): Promise<Float32Array> {
  const model = await tf.loadLayersModel(tf.io.fromMemory(artifacts));
  const output = model.predict(input) as tfjs.Tensor;
  const values = (await output.data()) as Float32Array;
  output.dispose();
  model.dispose();
  return values;
}

const maxAbsDifference = (a: Float32Array, b: Float32Array) => a.reduce((max, v, i) => Math.max(max, Math.abs(v - b[i]!)), 0);

describe('folding a batch norm into the convolution before it', () => {
  it('computes the same function for a convolution with a bias and a depthwise one with two filters per channel', async () => {
    for (const conv of ['conv', 'depthwise'] as const) {
      const artifacts = await tinyModel({ conv });
      const { artifacts: folded, folded: names } = await foldBatchNorms(tf, artifacts);
      expect(names).toEqual(['conv']);
      const input = tf.randomNormal([2, 6, 6, 4]);
      const [expected, actual] = [await predict(artifacts, input), await predict(folded, input)];
      input.dispose();
      expect(actual).toHaveLength(expected.length);
      expect(maxAbsDifference(actual, expected), conv).toBeLessThan(1e-5);
    }
  });

  it('refuses, at load, a convolution and batch norm it cannot fold exactly', async () => {
    await expect(foldBatchNorms(tf, await tinyModel({ activation: 'relu' }))).rejects.toThrow(
      "conv → bn: the convolution's activation is relu",
    );
    await expect(foldBatchNorms(tf, await tinyModel({ sharedOutput: true }))).rejects.toThrow(
      "conv → bn: the convolution's output has other consumers",
    );
    await expect(foldBatchNorms(tf, await tinyModel({ conv: 'depthwise', center: false }))).rejects.toThrow('conv → bn: batch norm');
  });
});
