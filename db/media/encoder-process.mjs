// An encoder process of db/media/encoder-pool.ts: runs the sharp pipelines its parent sends, one at a time, and
// answers each with the output and its info, or the error's message. Plain JavaScript, so it starts without tsx.
// sharp is loaded with the first job: by then the parent has lowered this process's priority, and every thread
// libvips and libuv start inherits it.
let sharp;

process.on('message', async ({ input, options, steps }) => {
  try {
    if (!sharp) {
      sharp = (await import('sharp')).default;
      // One libvips thread per encode and no operation cache, as in the parent (db/media/image-codec.ts).
      sharp.concurrency(1);
      sharp.cache(false);
    }
    let pipeline = sharp(input, options);
    for (const [method, ...args] of steps) pipeline = pipeline[method](...args);
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    process.send({ data, info });
  } catch (err) {
    process.send({ error: err instanceof Error ? err.message : String(err) });
  }
});
