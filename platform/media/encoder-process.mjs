// An encoder process of platform/media/encoder-pool.ts: runs the sharp pipelines its parent sends, one at a time, and
// answers each with the output and its info, or the error's message. Plain JavaScript, so it starts without tsx.
// sharp is loaded with the first job: by then this process is under SCHED_IDLE (or the parent's nice value), and every
// thread libvips and libuv start inherits it.
import { enterIdleScheduling } from './idle-scheduling.mjs';

let sharp;
// Jobs wait for it: no encode runs before the policy is set (or has failed to be).
const scheduled = enterIdleScheduling();

// With a callback, an answer the parent can no longer take (it ended mid-encode) is dropped, not thrown as an 'error'.
const answer = (message) => process.send(message, () => undefined);

// `also`: a second pipeline of the same input (the screening's 224×224 RGB pixels beside an upload's master), run
// after the first; its output comes back as `also`. `shared`: steps run once, whose decoded pixels both pipelines
// start from (the input's costly decode, done once for both).
// `output`: a file the first pipeline's output is written to (its bytes never travel back: the answer has only its info).
process.on('message', async ({ input, options, steps, also, shared, output }) => {
  await scheduled;
  try {
    if (!sharp) {
      sharp = (await import('sharp')).default;
      // One libvips thread per encode and no operation cache, as in the parent (db/media/image-codec.ts).
      sharp.concurrency(1);
      sharp.cache(false);
    }
    const run = async (source, sourceOptions, pipelineSteps, file) => {
      let pipeline = sharp(source, sourceOptions);
      for (const [method, ...args] of pipelineSteps) pipeline = pipeline[method](...args);
      if (file) return { info: await pipeline.toFile(file) };
      return pipeline.toBuffer({ resolveWithObject: true });
    };
    let [source, sourceOptions] = [input, options];
    if (shared && also) {
      const decoded = await run(input, options, [...shared, ['raw']]);
      const { width, height, channels } = decoded.info;
      [source, sourceOptions] = [decoded.data, { raw: { width, height, channels } }];
    }
    const { data, info } = await run(source, sourceOptions, steps, output);
    const extra = also ? await run(source, sourceOptions, also) : null;
    answer({ ...(data ? { data } : {}), info, ...(extra ? { also: extra.data, alsoInfo: extra.info } : {}) });
  } catch (err) {
    answer({ error: err instanceof Error ? err.message : String(err) });
  }
});
