/**
 * The product's own sticker pack, drawn here as SVG (issue 40 item 8): neutral everyday feelings, nothing that
 * says what the app is about on a lock screen or over a shoulder. Shapes only, no text or emoji glyphs (a server
 * may have no emoji font).
 */
/** The pack every user has from the start; a name no Telegram set can have (they are letters, digits and _). */
export const DEFAULT_STICKER_PACK = { name: 'product:default', title: 'Основные' } as const;

const INK = '#3a2e2a';
const CHEEK = '#ff9a8a';
const YELLOW = '#ffcf4d';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${body}</svg>`;
const stroke = (d: string, width = 20) => `<path d="${d}" stroke="${INK}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
/** A round face: its eyes and mouth are drawn by each sticker. */
const face = (features: string, fill = YELLOW) =>
  svg(
    `<circle cx="256" cy="260" r="196" fill="${fill}" stroke="${INK}" stroke-width="14"/>` +
      `<circle cx="150" cy="300" r="26" fill="${CHEEK}" opacity=".7"/><circle cx="362" cy="300" r="26" fill="${CHEEK}" opacity=".7"/>${features}`,
  );
const dotEyes = `<circle cx="190" cy="220" r="22" fill="${INK}"/><circle cx="322" cy="220" r="22" fill="${INK}"/>`;

export const DEFAULT_STICKERS: ReadonlyArray<{ emoji: string; svg: string }> = [
  { emoji: '🙂', svg: face(dotEyes + stroke('M186 318 Q256 372 326 318')) },
  {
    emoji: '😄',
    svg: face(
      stroke('M166 222 Q190 196 214 222') + stroke('M298 222 Q322 196 346 222') + `<path d="M170 300 Q256 410 342 300 Z" fill="${INK}"/>`,
    ),
  },
  {
    emoji: '😉',
    svg: face(`<circle cx="190" cy="220" r="22" fill="${INK}"/>` + stroke('M300 222 L346 222') + stroke('M190 322 Q256 362 330 310')),
  },
  { emoji: '😮', svg: face(dotEyes + `<ellipse cx="256" cy="336" rx="34" ry="44" fill="${INK}"/>`) },
  {
    emoji: '😢',
    svg: face(
      dotEyes + stroke('M196 350 Q256 300 316 350') + `<path d="M330 250 Q346 290 330 306 Q314 290 330 250 Z" fill="#5ab4ff"/>`,
      '#ffd97a',
    ),
  },
  {
    emoji: '😴',
    svg: face(
      stroke('M166 226 Q190 246 214 226') + stroke('M298 226 Q322 246 346 226') + `<circle cx="256" cy="336" r="18" fill="${INK}"/>`,
    ),
  },
  {
    emoji: '❤️',
    svg: svg(
      `<path d="M256 446 C118 346 46 272 46 186 C46 120 98 70 162 70 C204 70 238 94 256 128 C274 94 308 70 350 70 C414 70 466 120 466 186 C466 272 394 346 256 446 Z" fill="#ff5a6e" stroke="${INK}" stroke-width="14"/>`,
    ),
  },
  {
    emoji: '⭐',
    svg: svg(
      `<path d="M256 52 L314 192 L462 200 L346 294 L386 440 L256 360 L126 440 L166 294 L50 200 L198 192 Z" fill="${YELLOW}" stroke="${INK}" stroke-width="14" stroke-linejoin="round"/>`,
    ),
  },
  {
    emoji: '☀️',
    svg: svg(
      Array.from(
        { length: 8 },
        (_, i) => `<rect x="244" y="30" width="24" height="70" rx="12" fill="#ffb020" transform="rotate(${i * 45} 256 256)"/>`,
      ).join('') + `<circle cx="256" cy="256" r="128" fill="${YELLOW}" stroke="${INK}" stroke-width="14"/>`,
    ),
  },
  {
    emoji: '☕',
    svg: svg(
      `<path d="M110 200 H362 V340 Q362 420 282 420 H190 Q110 420 110 340 Z" fill="#fff4e6" stroke="${INK}" stroke-width="14"/>` +
        `<path d="M362 236 Q440 236 440 292 Q440 348 362 344" stroke="${INK}" stroke-width="14" fill="none"/>` +
        stroke('M186 160 Q170 130 190 100', 14) +
        stroke('M256 160 Q240 130 260 100', 14) +
        stroke('M326 160 Q310 130 330 100', 14),
    ),
  },
  {
    emoji: '👍',
    svg: svg(
      `<path d="M150 236 L210 236 L262 110 Q300 100 300 150 L290 220 L392 220 Q430 224 420 268 L392 392 Q382 420 350 420 L210 420 L150 420 Z" fill="${YELLOW}" stroke="${INK}" stroke-width="14" stroke-linejoin="round"/>` +
        `<rect x="86" y="230" width="70" height="196" rx="12" fill="#7cc4ff" stroke="${INK}" stroke-width="14"/>`,
    ),
  },
  {
    emoji: '💬',
    svg: svg(
      `<path d="M96 110 H416 Q450 110 450 144 V316 Q450 350 416 350 H220 L140 420 L150 350 H96 Q62 350 62 316 V144 Q62 110 96 110 Z" fill="#e9f3ff" stroke="${INK}" stroke-width="14" stroke-linejoin="round"/>` +
        `<circle cx="176" cy="230" r="26" fill="${INK}"/><circle cx="256" cy="230" r="26" fill="${INK}"/><circle cx="336" cy="230" r="26" fill="${INK}"/>`,
    ),
  },
];
