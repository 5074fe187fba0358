// The process memory the screening model costs (issue #27), in a process of its own: RSS with the classifier's module
// loaded but no model, then after the model loaded and classified a few images; with --faces, then after the face
// check's models (issue 43) loaded and checked a few images too. Prints one JSON line.
import { NsfwClassifier } from '../../db/media/screening/nsfw-classifier';
import { SCREENING_INPUT_BYTES } from '../../db/media/screening/classifier';

const MB = 1024 * 1024;
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const pixels = Buffer.alloc(SCREENING_INPUT_BYTES);
for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;

await settle();
const without = process.memoryUsage().rss / MB;
const classifier = new NsfwClassifier();
for (let i = 0; i < 20; i++) await classifier.classify(pixels);
await settle();
const withModel = process.memoryUsage().rss / MB;
let withFaces: number | undefined;
if (process.argv.includes('--faces')) {
  for (let i = 0; i < 20; i++) await classifier.checkFace(pixels);
  await settle();
  withFaces = process.memoryUsage().rss / MB;
}
await classifier.close();
process.stdout.write(`${JSON.stringify({ without, with: withModel, withFaces, loadMs: classifier.loadMs })}\n`);
