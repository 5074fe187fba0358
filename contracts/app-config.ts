import { z } from 'zod';

/** Public settings the server writes into index.html as window.__APP_CONFIG__ (no secrets). */
export const appConfigSchema = z.object({
  productName: z.string(),
  supportHandle: z.string(),
  /** The product's Telegram channel (CHANNEL_HANDLE); null: none, and nothing offers it. */
  channelHandle: z.string().nullable(),
  version: z.string(),
  releaseAt: z.string().nullable(),
  demo: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const APP_VERSION = 'v0.14.2';
