import { Api } from 'grammy';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { createBotStickerSource } from '../../bot/stickers/bot-sticker-source';
import type { StickerSource } from '../../db/stickers/sticker-source';
import { TEST_BOT_TOKEN } from './init-data';

/** A fake Bot API holding sticker packs, and the sticker source reading them as the bot role wires it (for createTestApp). */
export interface StickerTelegram {
  telegram: FakeTelegram;
  stickerSource: StickerSource;
  /** Puts the pack `name`, titled `Набор <name>`, with these stickers on the fake Bot API. */
  addPack(name: string, stickers: Array<{ emoji?: string; png: Buffer }>): void;
  close(): Promise<void>;
}

export async function startStickerTelegram(): Promise<StickerTelegram> {
  const telegram = await startFakeTelegram();
  const stickerSource = createBotStickerSource(new Api(TEST_BOT_TOKEN, { apiRoot: telegram.url }), {
    apiRoot: telegram.url,
    token: TEST_BOT_TOKEN,
  });
  return {
    telegram,
    stickerSource,
    addPack: (name, stickers) => telegram.addStickerSet({ name, title: `Набор ${name}`, stickers }),
    close: () => telegram.close(),
  };
}
