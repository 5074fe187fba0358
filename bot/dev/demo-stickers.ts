import sharp from 'sharp';

/** The demo's sticker pack: `https://t.me/addstickers/orbita_demo` in the chat's sticker panel (demo mode only). */
export const DEMO_STICKER_PACK = 'orbita_demo';

// Drawn shapes, not emoji glyphs: a server or a headless browser may have no emoji font.
const HEART =
  'M256 440 C120 340 48 268 48 184 C48 120 98 72 160 72 C200 72 236 94 256 128 C276 94 312 72 352 72 C414 72 464 120 464 184 C464 268 392 340 256 440 Z';
const STAR = 'M256 48 L312 190 L464 196 L344 290 L386 440 L256 354 L126 440 L168 290 L48 196 L200 190 Z';
const RAINBOW = ['#e40303', '#ff8c00', '#ffed00', '#008026', '#004dff', '#750787'];

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${body}</svg>`;
const face = (fill: string, mouth: string) =>
  svg(`<circle cx="256" cy="256" r="200" fill="${fill}"/><circle cx="190" cy="210" r="26" fill="#3b2a1a"/><circle cx="322" cy="210" r="26" fill="#3b2a1a"/>
  <path d="${mouth}" stroke="#3b2a1a" stroke-width="22" fill="none" stroke-linecap="round"/>`);

const STICKERS: Array<{ emoji: string; svg: string }> = [
  { emoji: '❤️', svg: svg(`<path d="${HEART}" fill="#ff4d6d"/>`) },
  {
    emoji: '🌈',
    svg: svg(
      RAINBOW.map(
        (c, i) =>
          `<path d="M${56 + i * 24} 380 A${200 - i * 24} ${200 - i * 24} 0 0 1 ${456 - i * 24} 380" stroke="${c}" stroke-width="26" fill="none"/>`,
      ).join(''),
    ),
  },
  { emoji: '⭐', svg: svg(`<path d="${STAR}" fill="#ffc83d"/>`) },
  { emoji: '🙂', svg: face('#ffd45c', 'M170 310 Q256 380 342 310') },
  { emoji: '😮', svg: face('#ffd45c', 'M226 330 A30 30 0 1 0 286 330 A30 30 0 1 0 226 330') },
  {
    emoji: '🏳️‍🌈',
    svg: svg(
      `<rect x="96" y="60" width="18" height="400" rx="9" fill="#8a8a8a"/>${RAINBOW.map((c, i) => `<rect x="114" y="${80 + i * 36}" width="300" height="36" fill="${c}"/>`).join('')}`,
    ),
  },
];

/** The demo pack as PNGs for the fake Bot API. */
export async function demoStickerSet(): Promise<{ name: string; title: string; stickers: Array<{ emoji: string; png: Buffer }> }> {
  const stickers = await Promise.all(
    STICKERS.map(async (s) => ({ emoji: s.emoji, png: await sharp(Buffer.from(s.svg)).png({ compressionLevel: 9 }).toBuffer() })),
  );
  return { name: DEMO_STICKER_PACK, title: 'Орбита: демо-набор', stickers };
}
