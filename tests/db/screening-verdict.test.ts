import { describe, expect, it } from 'vitest';
import { AppError } from '../../contracts/errors';
import { ScreeningBusy } from '../../platform/screening/nsfw-classifier';
import { DEFAULT_SCREENING_THRESHOLDS, ImageScreening, verdictOf } from '../../db/media/screening/screening';
import { SCREENING_INPUT_BYTES } from '../../platform/screening/classifier';
import { CLEAN_SCORES, ScreeningDouble } from '../support/screening-double';

const scores = (s: Partial<typeof CLEAN_SCORES>) => ({ ...CLEAN_SCORES, ...s });
const t = DEFAULT_SCREENING_THRESHOLDS;

describe('verdictOf', () => {
  it('explicit from the refuse threshold of Porn or Hentai, borderline from the flag thresholds, else clean', () => {
    expect(verdictOf(scores({ porn: 0.85 }), t)).toBe('explicit');
    expect(verdictOf(scores({ hentai: 0.9 }), t)).toBe('explicit');
    expect(verdictOf(scores({ porn: 0.84 }), t)).toBe('borderline');
    expect(verdictOf(scores({ hentai: 0.4 }), t)).toBe('borderline');
    expect(verdictOf(scores({ sexy: 0.6 }), t)).toBe('borderline');
    expect(verdictOf(scores({ porn: 0.39, hentai: 0.39, sexy: 0.59 }), t)).toBe('clean');
    // The demo photo: Drawing 0.64, Neutral 0.32, Porn 0.002.
    expect(verdictOf({ drawing: 0.64, neutral: 0.32, porn: 0.002, hentai: 0.01, sexy: 0.008 }, t)).toBe('clean');
  });
});

describe('ImageScreening', () => {
  const pixels = Buffer.alloc(SCREENING_INPUT_BYTES);

  it('off: classifies nothing', async () => {
    expect(await new ImageScreening(null).screen(pixels)).toBeNull();
  });

  it('a full queue or a failed classifier refuses with a 503, never passes the image unscreened', async () => {
    for (const failure of [new ScreeningBusy(), new Error('worker died')]) {
      const screening = new ImageScreening(
        new ScreeningDouble(() => {
          throw failure;
        }),
      );
      const refusal = await screening.screen(pixels).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    }
  });
});
