import { AppError, MESSAGES } from '../../../api/contracts/errors';
import type { ScreeningScores, ScreeningVerdict } from '../../../api/contracts/screening';
import type { ImageClassifier } from './classifier';
import { ScreeningBusy } from './nsfw-classifier';

/**
 * Thresholds on the model's scores (README, Configuration): Porn or Hentai at or over `explicitRefuse` is explicit;
 * Porn or Hentai at or over `explicitFlag`, or Sexy at or over `sexyFlag`, is borderline.
 */
export interface ScreeningThresholds {
  explicitRefuse: number;
  explicitFlag: number;
  sexyFlag: number;
}

export const DEFAULT_SCREENING_THRESHOLDS: ScreeningThresholds = { explicitRefuse: 0.85, explicitFlag: 0.4, sexyFlag: 0.6 };

export interface ScreeningResult {
  scores: ScreeningScores;
  verdict: ScreeningVerdict;
}

export function verdictOf(scores: ScreeningScores, t: ScreeningThresholds): ScreeningVerdict {
  const explicit = Math.max(scores.porn, scores.hentai);
  if (explicit >= t.explicitRefuse) return 'explicit';
  if (explicit >= t.explicitFlag || scores.sexy >= t.sexyFlag) return 'borderline';
  return 'clean';
}

/** Borderline and explicit images reach a viewer only behind a warning (chat) or a moderator's look (profiles). */
export const isSensitive = (verdict: ScreeningVerdict | null | undefined) => verdict === 'borderline' || verdict === 'explicit';

/**
 * Image screening as the product runs it (issue #27): a classifier and the thresholds. Built by the composition root
 * (createScreening) and passed down like ImageCodec; `classifier` null means screening is off (SCREENING=off), and
 * every image is stored unscreened (scores null).
 */
export class ImageScreening {
  constructor(
    private readonly classifier: ImageClassifier | null,
    readonly thresholds: ScreeningThresholds = DEFAULT_SCREENING_THRESHOLDS,
  ) {}

  get enabled(): boolean {
    return this.classifier !== null;
  }

  /**
   * Scores and verdict of one image's 224×224 RGB pixels; null when screening is off. A full queue or a failed
   * classifier refuses the upload with a 503 (the cause logged): an image is never stored unscreened by accident.
   */
  async screen(rgb224: Buffer): Promise<ScreeningResult | null> {
    if (!this.classifier) return null;
    let scores: ScreeningScores;
    try {
      scores = await this.classifier.classify(rgb224);
    } catch (cause) {
      throw Object.assign(new AppError('UNAVAILABLE', MESSAGES.unavailable), { cause: cause instanceof ScreeningBusy ? cause.message : cause });
    }
    return { scores, verdict: verdictOf(scores, this.thresholds) };
  }

  close(): Promise<void> {
    return this.classifier?.close() ?? Promise.resolve();
  }
}
