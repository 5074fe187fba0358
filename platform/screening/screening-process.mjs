// The screening process of platform/screening/nsfw-classifier.ts, a child process its parent forks and lowers to the
// encoders' nice value (os.setPriority on its pid), and which puts itself under SCHED_IDLE as the encoders do
// (platform/media/idle-scheduling.mjs, its URL the first argument), so that a classification yields the CPU to the API
// as an encode does. Loads nsfwjs's MobileNetV2 (its weights ship inside the nsfwjs package) on TensorFlow.js's WebAssembly backend
// (its .wasm files are read from @tensorflow/tfjs-backend-wasm in node_modules: nothing is fetched), once, with the
// first job; then answers each { id, pixels } (224×224 RGB bytes) with { id, scores } or { id, error }. A job
// { id, pixels, task: 'face' } runs the face check of issue 43 on the same pixels and backend instead (face-check.mjs).
// Jobs run one at a time, in arrival order. The parent gives this process no stdout (nsfwjs announces the model it
// loads on console.info, and has no option to leave it out: that line is this process's own and goes nowhere); errors
// go back to the parent in the answers. Plain JavaScript, so it starts without tsx.
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkFace } from './face-check.mjs';

const SIDE = 224;

// With a callback, an answer the parent can no longer take (it ended) is dropped, not thrown as an 'error'.
const send = (message) => process.send(message, () => undefined);
/** Classifications of a neutral picture right after the model loads, so that a first upload meets a warm model. */
const WARM_UPS = 3;

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

/** This process's CPU time since `since` (all its threads), in ms. */
const cpuMsSince = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function loadModel() {
  const started = performance.now();
  const tf = await startBackend();
  // The core and the one model: the package's root entry would register its three bundled models.
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  const net = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  const grey = tf.fill([SIDE, SIDE, 3], 128, 'int32');
  try {
    for (let i = 0; i < WARM_UPS; i++) await net.classify(grey, 5);
  } finally {
    grey.dispose();
  }
  send({ loaded: performance.now() - started });
  return { tf, net };
}

async function classify(bytes) {
  loading ??= loadModel();
  try {
    const { tf, net } = await loading;
    const cpu = process.cpuUsage();
    const input = tf.tensor3d(bytes, [SIDE, SIDE, 3], 'int32');
    try {
      const predictions = await net.classify(input, 5);
      const scores = Object.fromEntries(predictions.map((p) => [p.className.toLowerCase(), Math.min(1, Math.max(0, p.probability))]));
      // The CPU time of the classification (the bench compares it with an encode's, whatever else runs).
      return { scores, cpuMs: cpuMsSince(cpu) };
    } finally {
      input.dispose();
    }
  } catch (err) {
    // A failed load is tried again with the next job.
    if (loading) await loading.catch(() => (loading = null));
    throw err;
  }
}

async function faceCheck(bytes) {
  const tf = await startBackend();
  const cpu = process.cpuUsage();
  const face = await checkFace(tf, bytes, SIDE);
  return { face, cpuMs: cpuMsSince(cpu) };
}

async function answer({ id, pixels, task }) {
  try {
    const bytes = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    if (bytes.length !== SIDE * SIDE * 3) throw new Error(`expected ${SIDE * SIDE * 3} bytes of RGB, got ${bytes.length}`);
    send({ id, ...(task === 'face' ? await faceCheck(bytes) : await classify(bytes)) });
  } catch (err) {
    send({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}

// The first job waits for SCHED_IDLE (or its failure: the parent's nice value stays), before the model loads. The
// module that sets it is the encoders', whose URL the parent passes (beside this file or not, as the build lays them out).
const idleScheduling = process.argv[2];
let queue = idleScheduling
  ? import(idleScheduling).then((module) => module.enterIdleScheduling()).catch(() => false)
  : Promise.resolve(false);
process.on('message', (job) => {
  // An answer that cannot be sent (the parent gone) must not stop the jobs after it.
  queue = queue.then(() => answer(job)).catch(() => undefined);
});
