import type { Logger } from '../../../platform/logger';
import type { ImageClassifier } from '../../../platform/screening/classifier';
import { NsfwClassifier } from '../../../platform/screening/nsfw-classifier';
import { ImageScreening, SCREENING_PER_OWNER, type ScreeningThresholds } from './screening';

export interface ScreeningConfig {
  /** SCREENING=off stores every image unscreened (an operator's choice, e.g. a machine too small for the model). */
  enabled: boolean;
  thresholds: ScreeningThresholds;
  /** The face check of profile photos (issue 43): on unless AGE_CHECK=off, and only with screening on (same pixels). */
  faceCheck?: { enabled: boolean };
}

/**
 * The process's image screening, made once by the composition root and closed on shutdown: the real model
 * (NsfwClassifier, loaded with the first upload) unless a classifier is given (tests, demos) or screening is off.
 * `logger` hears of the face check's failures.
 */
export function createScreening(config: ScreeningConfig, classifier?: ImageClassifier, logger?: Logger): ImageScreening {
  if (!config.enabled) return new ImageScreening(null, config.thresholds);
  const faces = { enabled: config.faceCheck?.enabled ?? false, ...(logger ? { logger } : {}) };
  return new ImageScreening(classifier ?? new NsfwClassifier(), config.thresholds, SCREENING_PER_OWNER, faces);
}
