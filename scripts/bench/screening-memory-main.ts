// The memory the screening model costs (issue #27), in a process of its own: this process's memory with the
// classifier's module loaded but no model, then, after the model loaded and classified a few images, this process's
// plus its screening process's (the model lives in a child process: all of that child's memory is the screening's);
// with --faces, then after the face check's models (issue 43) loaded and checked a few images too. Memory is the
// proportional set size (process-memory.ts): the child shares node's code with this process, which RSS would count
// twice; RSS is printed as well. Prints one JSON line.
import { NsfwClassifier } from '../../platform/screening/nsfw-classifier';
import { SCREENING_INPUT_BYTES } from '../../platform/screening/classifier';
import { processPssMb, processRssMb } from './process-memory';

const MB = 1024 * 1024;
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
const pixels = Buffer.alloc(SCREENING_INPUT_BYTES);
for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;

const pss = (pid: number | 'self') => {
  const mb = processPssMb(pid);
  if (mb === null) throw new Error(`no memory figure for process ${pid}`);
  return mb;
};
await settle();
const without = pss('self');
const rssWithout = process.memoryUsage().rss / MB;
const classifier = new NsfwClassifier();
/** This process's memory and the screening process's, in MB. */
const both = () => {
  if (classifier.pid === null) throw new Error('the screening process is not running');
  return { total: pss('self') + pss(classifier.pid), child: pss(classifier.pid), childRss: processRssMb(classifier.pid) };
};
for (let i = 0; i < 20; i++) await classifier.classify(pixels);
await settle();
const { total: withModel, child: screeningProcess, childRss } = both();
const rssWith = process.memoryUsage().rss / MB + (childRss ?? NaN);
let withFaces: number | undefined;
if (process.argv.includes('--faces')) {
  for (let i = 0; i < 20; i++) await classifier.checkFace(pixels);
  await settle();
  withFaces = both().total;
}
await classifier.close();
process.stdout.write(
  `${JSON.stringify({ without, with: withModel, withFaces, screeningProcess, rssWithout, rssWith, loadMs: classifier.loadMs })}\n`,
);
