// Writes file.br and file.gz beside each text asset of a build, so the server sends them without compressing
// on every request (koa-send in api/static.ts picks one by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Compresses every text file under `dir` with brotli (quality 11) and gzip (level 9); returns how many it wrote. */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir).filter((f) => TEXT.has(path.extname(f)))) {
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    for (const [ext, data] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      // A copy that is not smaller is not worth sending.
      if (data.length >= raw.length) continue;
      writeFileSync(`${file}${ext}`, data);
      written++;
    }
  }
  return written;
}

/** Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
