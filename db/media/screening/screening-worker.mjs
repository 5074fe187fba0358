// The screening worker thread of db/media/screening/nsfw-classifier.ts: loads nsfwjs's MobileNetV2 (its weights ship
// inside the nsfwjs package) on TensorFlow.js's WebAssembly backend (its .wasm files are read from
// @tensorflow/tfjs-backend-wasm in node_modules: nothing is fetched), once, with the first job; then answers each
// { id, pixels } (224×224 RGB bytes) with { id, scores } or { id, error }. A job { id, pixels, task: 'face' } runs the face
// check of issue 43 on the same pixels and backend instead (face-check.mjs). Plain JavaScript, so it starts without tsx.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { checkFace } from './face-check.mjs';

const SIDE = 224;

/** @type {Promise<{ tf: typeof import('@tensorflow/tfjs'), net: import('nsfwjs/core').NSFWJS }> | null} */
let loading = null;

/** TensorFlow.js on its wasm backend, once for both models. */
let backend = null;
function startBackend() {
  backend ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
    wasm.setWasmPaths(wasmDir);
    // One thread: a classification costs one core at most, whatever the machine.
    wasm.setThreadsCount?.(1);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not start');
    await tf.ready();
    return tf;
  })().catch((err) => {
    backend = null;
    throw err;
  });
  return backend;
}

async function faceJob(id, pixels) {
  try {
    const tf = await startBackend();
    const cpu = process.threadCpuUsage();
    const face = await checkFace(tf, new Uint8Array(pixels), SIDE);
    const used = process.threadCpuUsage(cpu);
    parentPort.postMessage({ id, face, cpuMs: (used.user + used.system) / 1000 });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}

async function loadModel() {
  const started = performance.now();
  const tf = await startBackend();
  // The core and the one model: the package's root entry would register its three bundled models.
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  // nsfwjs announces the model it loads with one console.info line (it has no option to leave it out): accepted.
  const net = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  parentPort.postMessage({ loaded: performance.now() - started });
  return { tf, net };
}

parentPort.on('message', async ({ id, pixels, task }) => {
  if (task === 'face') return faceJob(id, pixels);
  try {
    loading ??= loadModel();
    const { tf, net } = await loading;
    const bytes = new Uint8Array(pixels);
    if (bytes.length !== SIDE * SIDE * 3) throw new Error(`expected ${SIDE * SIDE * 3} bytes of RGB, got ${bytes.length}`);
    const cpu = process.threadCpuUsage();
    const input = tf.tensor3d(bytes, [SIDE, SIDE, 3], 'int32');
    try {
      const predictions = await net.classify(input, 5);
      const scores = Object.fromEntries(predictions.map((p) => [p.className.toLowerCase(), Math.min(1, Math.max(0, p.probability))]));
      // This thread's CPU time for the classification (the bench compares it with an encode's, whatever else runs).
      const used = process.threadCpuUsage(cpu);
      parentPort.postMessage({ id, scores, cpuMs: (used.user + used.system) / 1000 });
    } finally {
      input.dispose();
    }
  } catch (err) {
    // A failed load is tried again with the next job.
    if (loading) await loading.catch(() => (loading = null));
    parentPort.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
