import type { ImageClassifier } from './classifier';
import { NsfwClassifier } from './nsfw-classifier';
import { ImageScreening, type ScreeningThresholds } from './screening';

export interface ScreeningConfig {
  /** SCREENING=off stores every image unscreened (an operator's choice, e.g. a machine too small for the model). */
  enabled: boolean;
  thresholds: ScreeningThresholds;
}

/**
 * The process's image screening, made once by the composition root and closed on shutdown: the real model
 * (NsfwClassifier, loaded with the first upload) unless a classifier is given (tests, demos) or screening is off.
 */
export function createScreening(config: ScreeningConfig, classifier?: ImageClassifier): ImageScreening {
  if (!config.enabled) return new ImageScreening(null, config.thresholds);
  return new ImageScreening(classifier ?? new NsfwClassifier(), config.thresholds);
}
