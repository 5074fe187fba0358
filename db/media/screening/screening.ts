import { AppError, MESSAGES } from '../../../contracts/errors';
import { MEDIA_MESSAGES } from '../../../contracts/media';
import type { FaceCheck } from '../../../contracts/face-check';
import type { ScreeningScores, ScreeningVerdict } from '../../../contracts/screening';
import type { Logger } from '../../../platform/logger';
import type { ImageClassifier } from '../../../platform/screening/classifier';
import { ScreeningBusy } from '../../../platform/screening/nsfw-classifier';
import { OwnerShares } from './owner-shares';

/** Of the screening queue (DEFAULT_SCREENING_QUEUE places), how many one person's images may hold at once. */
export const SCREENING_PER_OWNER = 4;

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
  /** A profile photo's face check (issue 43); absent when it is off or not asked for. */
  face?: FaceCheck;
}

/** The face check of profile photos (issue 43): off with AGE_CHECK=off; its failures go to `logger`. */
export interface FaceCheckOptions {
  enabled: boolean;
  logger?: Logger;
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
  private readonly shares: OwnerShares;

  constructor(
    private readonly classifier: ImageClassifier | null,
    readonly thresholds: ScreeningThresholds = DEFAULT_SCREENING_THRESHOLDS,
    perOwner = SCREENING_PER_OWNER,
    private readonly faces: FaceCheckOptions = { enabled: false },
  ) {
    this.shares = new OwnerShares(perOwner);
  }

  /**
   * Takes one of the owner's SCREENING_PER_OWNER places for an image on its way to screening (from before its decode
   * until screen() answers) and answers its release. Past them the owner's image is refused at once with 429, before any
   * work, so one person's burst is refused before the shared queue is full for everyone else.
   */
  reserve(ownerId: number): () => void {
    const release = this.shares.take(ownerId);
    if (!release) throw new AppError('RATE_LIMITED', MEDIA_MESSAGES.tooManyAtOnce, { retryAfter: 5 });
    return release;
  }

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
      throw Object.assign(new AppError('UNAVAILABLE', MESSAGES.unavailable), {
        cause: cause instanceof ScreeningBusy ? cause.message : cause,
      });
    }
    return { scores, verdict: verdictOf(scores, this.thresholds) };
  }

  /** Whether profile photos get the face check: on, and a classifier that can. */
  get checksFaces(): boolean {
    return this.faces.enabled && this.classifier?.checkFace !== undefined;
  }

  /**
   * The face check of one profile photo's screening pixels (issue 43); undefined when off. It never refuses an upload:
   * a failure is logged and kept as `faces: null` ('Проверка возраста недоступна').
   */
  async checkFace(rgb224: Buffer): Promise<FaceCheck | undefined> {
    if (!this.checksFaces) return undefined;
    try {
      return await this.classifier!.checkFace!(rgb224);
    } catch (err) {
      this.faces.logger?.warn('face check failed', { err });
      return { faces: null, age: null, model: 'unavailable' };
    }
  }

  close(): Promise<void> {
    return this.classifier?.close() ?? Promise.resolve();
  }
}
