import sharp from 'sharp';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Soft-edged shapes in random colours: the objects and edges of a scene. */
function shapesSvg(width: number, height: number, random: () => number): Buffer {
  const colour = () => `rgb(${[0, 0, 0].map(() => Math.floor(random() * 256)).join(',')})`;
  const shapes = Array.from({ length: 40 }, () => {
    const [x, y, r] = [random() * width, random() * height, 50 + random() * 500];
    return random() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" fill-opacity="0.7"/>`
      : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" fill="${colour()}" fill-opacity="0.7" transform="rotate(${random() * 90} ${x} ${y})"/>`;
  });
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes.join('')}</svg>`,
  );
}

/**
 * A phone-camera-like JPEG (12 MP, quality 90): overlapping shapes with slightly blurred edges, a smooth
 * colour cast and gaussian sensor grain, so encoders meet flat areas, edges and noise as in a real photo.
 */
export function samplePhoto(): Promise<Buffer> {
  cached ??= renderPhoto(4032, 3024);
  return cached;
}

let cached: Promise<Buffer> | undefined;

async function renderPhoto(width: number, height: number): Promise<Buffer> {
  const random = mulberry32(42);
  const scene = await sharp(shapesSvg(width, height, random))
    .blur(2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cast = Buffer.from(Uint8Array.from({ length: 8 * 6 * 3 }, () => 64 + Math.floor(random() * 128)));
  const castLayer = await sharp(cast, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(scene.data, { raw: scene.info })
    .composite([
      { input: castLayer, blend: 'soft-light' },
      { input: grain, blend: 'overlay' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}
