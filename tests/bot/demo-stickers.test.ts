import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_STICKER_PACK, demoStickerSet } from '../../bot/dev/demo-stickers';

describe('the demo sticker pack', () => {
  it('has drawn 512 px PNG stickers, each with an emoji', async () => {
    const set = await demoStickerSet();
    expect(set.name).toBe(DEMO_STICKER_PACK);
    expect(set.stickers.length).toBeGreaterThanOrEqual(5);
    for (const sticker of set.stickers) {
      expect(sticker.emoji).not.toBe('');
      expect(await sharp(sticker.png).metadata()).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: true });
    }
  });
});
