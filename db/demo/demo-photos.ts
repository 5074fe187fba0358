import sharp from 'sharp';
import type { MasterImage } from '../media/images.service';

const WIDTH = 360;
const HEIGHT = 480;

function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A portrait card: a gradient in the person's colours, a few soft shapes and the big initial letter. */
function photoSvg(seed: number, index: number, initial: string): string {
  const hue = (seed * 47 + index * 23) % 360;
  const [from, to, shape] = [hsl(hue, 70, 58), hsl((hue + 60) % 360, 65, 38), hsl((hue + 180) % 360, 80, 75)];
  const cx = 60 + ((seed * 31 + index * 97) % 240);
  const cy = 60 + ((seed * 17 + index * 53) % 140);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="${index % 2}" x2="1" y2="${1 - (index % 2)}">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${50 + index * 15}" fill="${shape}" fill-opacity="0.35"/>
  <rect x="${WIDTH - cx - 40}" y="${HEIGHT - 150}" width="120" height="120" rx="24" fill="#ffffff" fill-opacity="0.18" transform="rotate(${index * 15 + 10} ${WIDTH - cx + 20} ${HEIGHT - 90})"/>
  <circle cx="${WIDTH / 2}" cy="${HEIGHT - 20}" r="${120 - index * 20}" fill="${to}" fill-opacity="0.4"/>
  <text x="50%" y="62%" font-size="220" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700"
    text-anchor="middle" fill="#ffffff" fill-opacity="0.92">${escapeXml(initial)}</text>
</svg>`;
}

/** One generated demo photo as a small WebP master (no downloads). */
export async function demoPhoto(seed: number, index: number, name: string): Promise<MasterImage & { data: Buffer }> {
  const data = await sharp(Buffer.from(photoSvg(seed, index, name.slice(0, 1).toUpperCase())))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return { data, width: WIDTH, height: HEIGHT };
}
