import type { FaceCheck } from '../../contracts/face-check';
import type { ScreeningScores } from '../../contracts/screening';

/** The classifier's input: SCREENING_SIDE × SCREENING_SIDE pixels, RGB, 8 bits a channel, row by row (sharp's raw output). */
export const SCREENING_SIDE = 224;
export const SCREENING_INPUT_BYTES = SCREENING_SIDE * SCREENING_SIDE * 3;

/**
 * Tells how explicit an image looks (issue #27). The product's is nsfwjs's MobileNetV2 in a worker thread
 * (platform/screening/nsfw-classifier.ts); tests use a double with given scores (tests/support/screening-double.ts).
 * Built by the composition root and passed down like ImageCodec; closed on shutdown.
 */
export interface ImageClassifier {
  /** Scores of one image given as SCREENING_INPUT_BYTES of raw RGB (the upload decoded, EXIF-rotated, squeezed to 224×224). */
  classify(rgb224: Buffer): Promise<ScreeningScores>;
  /** Faces and the main face's apparent age in the same pixels (issue 43); a classifier without it checks no faces. */
  checkFace?(rgb224: Buffer): Promise<FaceCheck>;
  /** Frees the model (ends its worker); a later classify may start it again. */
  close(): Promise<void>;
}
