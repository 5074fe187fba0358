// TensorFlow.js on its WebAssembly backend with one thread, once per process: the screening process's two models run
// on it (screening-process.mjs, face-check.mjs). Its .wasm files are read from @tensorflow/tfjs-backend-wasm in
// node_modules: nothing is fetched.
import { createRequire } from 'node:module';
import path from 'node:path';

/** @type {Promise<typeof import('@tensorflow/tfjs')> | null} */
let backend = null;

/** TensorFlow.js, its wasm backend set and ready. */
export function startWasmBackend() {
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
