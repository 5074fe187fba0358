import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** One of the photos @vladmandic/face-api ships as its demo (sample1–6.jpg: adults, 1 to 5 faces each). */
export const faceSample = (n: 1 | 2 | 3 | 4 | 5 | 6): Promise<Buffer> => readFile(path.join(demoDir, `sample${n}.jpg`));
