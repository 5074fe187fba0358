// The screening process of platform/screening/nsfw-classifier.ts, a child process its parent forks and lowers to the
// encoders' nice value (os.setPriority on its pid), and which puts itself under SCHED_IDLE as the encoders do
// (platform/media/idle-scheduling.mjs, its URL the first argument), so that a classification yields the CPU to the API
// as an encode does. Loads nsfwjs's MobileNetV2 (its weights ship inside the nsfwjs package) with its batch norms
// folded into its convolutions (folded-model.mjs) on TensorFlow.js's WebAssembly backend (wasm-backend.mjs: nothing is
// fetched), once, with the first job; then answers each { id, pixels } (224×224 RGB bytes) with { id, scores } or
// { id, error }. A job { id, pixels, task: 'face' } runs the face check of issue 43 on the same pixels and backend
// instead (face-check.mjs). Jobs run one at a time, in arrival order. The parent gives this process no stdout (the
// models' libraries may log there); errors go back to the parent in the answers. Plain JavaScript, so it starts without
// tsx.
import { checkFace } from './face-check.mjs';
import { loadFoldedMobileNetV2 } from './folded-model.mjs';
import { startWasmBackend } from './wasm-backend.mjs';

const SIDE = 224;

// With a callback, an answer the parent can no longer take (it ended) is dropped, not thrown as an 'error'.
const send = (message) => process.send(message, () => undefined);
/** Classifications of a neutral picture right after the model loads, so that a first upload meets a warm model. */
const WARM_UPS = 3;

/** @type {Promise<{ tf: typeof import('@tensorflow/tfjs'), net: import('nsfwjs/core').NSFWJS }> | null} */
let loading = null;

/** This process's CPU time since `since` (all its threads), in ms. */
const cpuMsSince = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function loadModel() {
  const started = performance.now();
  const tf = await startWasmBackend();
  const net = await loadFoldedMobileNetV2(tf);
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
  const tf = await startWasmBackend();
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
