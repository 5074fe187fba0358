import type { Sticker } from '../../../../contracts/chat';
import { deviceStorage } from '../../../lib/device-storage';

export interface StickerPack {
  name: string;
  title: string;
  stickers: Sticker[];
}

export const STICKER_TEXT = {
  packs: 'Наборы стикеров',
  addPack: 'Добавить стикер-пак',
} as const;

/** The stickers grouped by their pack's name, in the server's order of packs; empty packs left out. */
export function groupByPack(stickers: Sticker[], packs: Array<{ name: string; title: string }>): StickerPack[] {
  const byName = new Map<string, StickerPack>(packs.map((p) => [p.name, { name: p.name, title: p.title, stickers: [] }]));
  for (const s of stickers) {
    const pack = byName.get(s.packName) ?? { name: s.packName, title: s.packName, stickers: [] };
    pack.stickers.push(s);
    byName.set(s.packName, pack);
  }
  return [...byName.values()].filter((p) => p.stickers.length > 0);
}

const LAST_PACK = 'stickers.lastPack';

/** The pack the panel opens on: the last one used on this device by this account (AMENDMENTS §5.7). */
export const lastStickerPack = () => deviceStorage.get(LAST_PACK);
export const rememberStickerPack = (name: string) => deviceStorage.set(LAST_PACK, name);
