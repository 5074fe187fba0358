import sharp from 'sharp';

const SIDE = { width: 320, height: 240 };
/** Where each picture's square lies: the one seen over white on the left, the one seen over black on the right. */
export const OVER_WHITE_SQUARE = { left: 40, top: 60, width: 100, height: 100 };
export const OVER_BLACK_SQUARE = { left: 180, top: 60, width: 100, height: 100 };

const inside = (x: number, y: number, r: typeof OVER_WHITE_SQUARE) =>
  x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;

/**
 * A straight-alpha PNG that carries two pictures (issue #38): composited over white it shows a grey square on the
 * left (W), over black a grey square on the right (K); α = 1 − (W − K), colour = K / α.
 */
export function twoPicturePng(): Promise<Buffer> {
  const { width, height } = SIDE;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const overWhite = inside(x, y, OVER_WHITE_SQUARE) ? 0.5 : 1;
      const overBlack = inside(x, y, OVER_BLACK_SQUARE) ? 0.5 : 0;
      const alpha = 1 - (overWhite - overBlack);
      const colour = alpha === 0 ? 0 : overBlack / alpha;
      const i = (y * width + x) * 4;
      rgba.fill(Math.round(colour * 255), i, i + 3);
      rgba[i + 3] = Math.round(alpha * 255);
    }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const composited = (image: Buffer, background: string) =>
  sharp(image).flatten({ background }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });

/** The largest difference of one channel between the image composited over white and over black (0: one picture). */
export async function whiteBlackDifference(image: Buffer): Promise<number> {
  const [white, black] = await Promise.all([composited(image, '#ffffff'), composited(image, '#000000')]);
  let most = 0;
  for (let i = 0; i < white.data.length; i++) most = Math.max(most, Math.abs(white.data[i]! - black.data[i]!));
  return most;
}

/** The mean brightness of a square of the image (scaled from the generated image's size to the image's own). */
export async function meanOf(image: Buffer, square: typeof OVER_WHITE_SQUARE): Promise<number> {
  const { width = SIDE.width } = await sharp(image).metadata();
  const scale = width / SIDE.width;
  const region = {
    left: Math.round(square.left * scale) + 2,
    top: Math.round(square.top * scale) + 2,
    width: Math.round(square.width * scale) - 4,
    height: Math.round(square.height * scale) - 4,
  };
  const { data } = await composited(await sharp(image).extract(region).png().toBuffer(), '#ffffff');
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}
