import sharp from 'sharp';
import type { ScreeningScores } from '../../contracts/screening';
import { type ImageClassifier, SCREENING_INPUT_BYTES } from '../../platform/screening/classifier';

/** Scores of an everyday photo: nothing to act on. */
export const CLEAN_SCORES: ScreeningScores = { drawing: 0.05, hentai: 0.01, neutral: 0.9, porn: 0.02, sexy: 0.02 };
/** Over the default refuse threshold (Porn 0.97). */
const EXPLICIT_SCORES: ScreeningScores = { drawing: 0, hentai: 0.01, neutral: 0.01, porn: 0.97, sexy: 0.01 };
/** Borderline: Sexy over its flag threshold, Porn and Hentai low. */
export const BORDERLINE_SCORES: ScreeningScores = { drawing: 0.02, hentai: 0.01, neutral: 0.12, porn: 0.05, sexy: 0.8 };

export type Marker = 'explicit' | 'borderline' | 'clean';
const MARKER_COLOURS = {
  explicit: { r: 255, g: 0, b: 0 },
  borderline: { r: 255, g: 255, b: 0 },
  clean: { r: 40, g: 110, b: 200 },
} as const;
const MARKER_SCORES: Record<Marker, ScreeningScores> = { explicit: EXPLICIT_SCORES, borderline: BORDERLINE_SCORES, clean: CLEAN_SCORES };

/**
 * The marker an image carries by its dominant colour: at least 80% of its pixels pure red (±60 a channel) → explicit,
 * pure yellow → borderline; anything else (photos, noise, any other colour) → clean.
 */
function markerOf(rgb224: Buffer): Marker {
  let red = 0;
  let yellow = 0;
  const pixels = rgb224.length / 3;
  for (let i = 0; i < rgb224.length; i += 3) {
    const r = rgb224[i]!;
    const g = rgb224[i + 1]!;
    const b = rgb224[i + 2]!;
    if (r > 195 && b < 60 && g < 60) red++;
    else if (r > 195 && g > 195 && b < 60) yellow++;
  }
  if (red >= pixels * 0.8) return 'explicit';
  if (yellow >= pixels * 0.8) return 'borderline';
  return 'clean';
}

/**
 * A classifier double behind the interface the real model implements. `answer`: the scores every image gets (change
 * them with `answer = …` between calls), or a function of the pixels; `marker()` makes one that answers by markerOf.
 * `calls` counts classifications; `closed` tells whether close() ran.
 */
export class ScreeningDouble implements ImageClassifier {
  calls = 0;
  closed = false;
  constructor(public answer: ScreeningScores | ((rgb224: Buffer) => ScreeningScores) = CLEAN_SCORES) {}

  async classify(rgb224: Buffer): Promise<ScreeningScores> {
    if (rgb224.length !== SCREENING_INPUT_BYTES)
      throw new Error(`screening input of ${rgb224.length} bytes, expected ${SCREENING_INPUT_BYTES}`);
    this.calls++;
    return typeof this.answer === 'function' ? this.answer(rgb224) : this.answer;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** A double that returns `scores` for every image (CLEAN_SCORES by default). */
export const screeningDouble = (scores: ScreeningScores = CLEAN_SCORES) => new ScreeningDouble(scores);

/**
 * The double for browser journeys and demos: a pure red image is explicit (Porn 0.97), a pure yellow one borderline
 * (Sexy 0.8), anything else clean. Pass it as `startE2E(env, { classifier: markerClassifier() })` or
 * `createTestApp({ classifier: markerClassifier() })`; upload `markerImage('explicit')` etc.
 */
export const markerClassifier = () => new ScreeningDouble((rgb) => MARKER_SCORES[markerOf(rgb)]);

/** An image the marker classifier reads as `marker`: one flat colour (red, yellow, or blue for clean). */
export function markerImage(marker: Marker, format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = { width: 320, height: 240 }): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: MARKER_COLOURS[marker] } })
    .toFormat(format)
    .toBuffer();
}
