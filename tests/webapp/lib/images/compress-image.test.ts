import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_IMAGE, compressImage, PROFILE_IMAGE } from '../../../../webapp/lib/images/compress-image';
import { fitWithin } from '../../../../webapp/lib/images/fit-within';

describe('fitWithin', () => {
  it.each([
    [{ width: 4000, height: 3000 }, 1080, { width: 1080, height: 810 }],
    [{ width: 3000, height: 4000 }, 1080, { width: 810, height: 1080 }],
    [{ width: 2000, height: 2000 }, 1080, { width: 1080, height: 1080 }],
    [{ width: 1081, height: 100 }, 1080, { width: 1080, height: 100 }],
    [{ width: 1080, height: 1920 }, 1080, { width: 608, height: 1080 }],
    [{ width: 1080, height: 720 }, 1080, { width: 1080, height: 720 }],
    [{ width: 640, height: 480 }, 1080, { width: 640, height: 480 }],
    [{ width: 12000, height: 5 }, 1080, { width: 1080, height: 1 }],
    [{ width: 4032, height: 3024 }, 1440, { width: 1440, height: 1080 }],
  ])('%j within %i → %j', (size, side, expected) => {
    expect(fitWithin(size, side)).toEqual(expected);
  });

  it('keeps the aspect ratio to the pixel and never grows an image', () => {
    for (const [w, h] of [
      [1234, 5678],
      [5000, 3333],
      [999, 1001],
      [300, 200],
    ] as const) {
      const scale = Math.min(1, 1080 / Math.max(w, h));
      const out = fitWithin({ width: w, height: h }, 1080);
      expect(Math.max(out.width, out.height)).toBe(Math.round(Math.max(w, h) * scale));
      expect(Math.abs(out.width - w * scale)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(out.height - h * scale)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('compressImage', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A decodable bitmap of `size` and a canvas that records what it was asked to encode. */
  function fakeBrowser(size: { width: number; height: number }, encoded: Blob | null = new Blob(['x'.repeat(10)], { type: 'image/jpeg' })) {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ ...size, close: vi.fn() })),
    );
    const drawn: number[][] = [];
    const ctx = {
      fillRect: vi.fn(),
      drawImage: vi.fn((_img: unknown, ...args: number[]) => drawn.push(args)),
      fillStyle: '',
      imageSmoothingQuality: '',
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback) {
      cb(encoded);
    });
    return { drawn, toBlob };
  }

  it('draws a 4000×3000 photo at 1080×810 and encodes JPEG at quality 0.82 for profiles', async () => {
    const { drawn, toBlob } = fakeBrowser({ width: 4000, height: 3000 });
    const out = await compressImage(new File(['y'.repeat(100)], 'p.png', { type: 'image/png' }), PROFILE_IMAGE);
    expect(drawn).toEqual([[0, 0, 1080, 810]]);
    expect(toBlob.mock.calls[0]?.slice(1)).toEqual(['image/jpeg', 0.82]);
    expect(out.type).toBe('image/jpeg');
  });

  it('uses side 1440 and quality 0.85 for chat attachments', async () => {
    const { drawn, toBlob } = fakeBrowser({ width: 3000, height: 6000 });
    await compressImage(new File(['y'], 'c.jpg', { type: 'image/jpeg' }), CHAT_IMAGE);
    expect(drawn).toEqual([[0, 0, 720, 1440]]);
    expect(toBlob.mock.calls[0]?.slice(1)).toEqual(['image/jpeg', 0.85]);
  });

  it('keeps a small file when re-encoding would not make it smaller', async () => {
    fakeBrowser({ width: 600, height: 800 }, new Blob(['z'.repeat(500)], { type: 'image/jpeg' }));
    const original = new File(['y'.repeat(100)], 'small.jpg', { type: 'image/jpeg' });
    expect(await compressImage(original, PROFILE_IMAGE)).toBe(original);
  });

  it("fails with 'Не удалось обработать изображение: …' in Russian, never the decoder's own words, when the file cannot be decoded", async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('The source image could not be decoded.'))),
    );
    await expect(compressImage(new File(['nope'], 'x.jpg', { type: 'image/jpeg' }), PROFILE_IMAGE)).rejects.toThrow(
      'Не удалось обработать изображение: файл повреждён или не поддерживается',
    );
  });
});
