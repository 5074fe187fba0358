// The memory the screening model costs (issue #27), in a process of its own: this process's RSS with the classifier's
// module loaded but no model, then, after the model loaded and classified a few images, this process's RSS plus its
// screening process's (the model lives in a child process: all of that child's memory is the screening's); with
// --faces, then after the face check's models (issue 43) loaded and checked a few images too. Prints one JSON line.
import { NsfwClassifier } from '../../db/media/screening/nsfw-classifier';
import { SCREENING_INPUT_BYTES } from '../../db/media/screening/classifier';
import { processRssMb } from './process-memory';

const MB = 1024 * 1024;
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const pixels = Buffer.alloc(SCREENING_INPUT_BYTES);
for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;

await settle();
const without = process.memoryUsage().rss / MB;
const classifier = new NsfwClassifier();
/** This process's RSS and the screening process's, in MB. */
const both = () => {
  const child = classifier.pid === null ? null : processRssMb(classifier.pid);
  if (child === null) throw new Error('the screening process is not running');
  return { total: process.memoryUsage().rss / MB + child, child };
};
for (let i = 0; i < 20; i++) await classifier.classify(pixels);
await settle();
const { total: withModel, child: screeningProcess } = both();
let withFaces: number | undefined;
if (process.argv.includes('--faces')) {
  for (let i = 0; i < 20; i++) await classifier.checkFace(pixels);
  await settle();
  withFaces = both().total;
}
await classifier.close();
process.stdout.write(`${JSON.stringify({ without, with: withModel, withFaces, screeningProcess, loadMs: classifier.loadMs })}\n`);
