// The face check of issue 43 inside the screening process (screening-process.mjs): @vladmandic/face-api's tiny face
// detector and age/gender model, loaded once from the package's own files on disk (nothing is fetched), on the
// process's TensorFlow.js wasm backend. Answers { faces, age, model } of one image's RGB pixels; nothing else of a face
// (box, landmarks, descriptor) leaves this file.
import { createRequire } from 'node:module';
import path from 'node:path';

// The detector's input side: the 224×224 pixels upscaled a little, which finds the smaller faces of group photos.
const INPUT_SIZE = 320;
const MIN_SCORE = 0.5;

/** @type {Promise<{ faceapi: any, model: string }> | null} */
let loading = null;

async function loadFaceModels() {
  const require = createRequire(import.meta.url);
  // The build for @tensorflow/tfjs with the wasm backend, the one this process already runs.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.ageGenderNet.loadFromDisk(modelDir);
  return { faceapi, model: `face-api ${faceapi.version} tiny-face-detector+age-gender` };
}

/** Faces found and the largest face's apparent age (rounded) in `side`×`side` RGB bytes. */
export async function checkFace(tf, bytes, side) {
  loading ??= loadFaceModels().catch((err) => {
    loading = null;
    throw err;
  });
  const { faceapi, model } = await loading;
  if (bytes.length !== side * side * 3) throw new Error(`expected ${side * side * 3} bytes of RGB, got ${bytes.length}`);
  const input = tf.tensor3d(bytes, [side, side, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });
    const found = await faceapi.detectAllFaces(input, options).withAgeAndGender();
    const main = found.reduce((a, b) => (b.detection.box.area > a.detection.box.area ? b : a), found[0]);
    return { faces: found.length, age: main ? Math.round(main.age) : null, model };
  } finally {
    input.dispose();
  }
}
