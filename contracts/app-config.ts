// No zod: the mini app reads its settings before any schema has loaded (the entry chunk stays small).

/** Public settings the server writes into index.html as window.__APP_CONFIG__ (no secrets). */
export interface AppConfig {
  productName: string;
  supportHandle: string;
  /** The product's Telegram channel (CHANNEL_HANDLE); null: none, and nothing offers it. */
  channelHandle: string | null;
  version: string;
  releaseAt: string | null;
  demo: boolean;
}

const FIELD_KINDS = {
  productName: 'string',
  supportHandle: 'string',
  channelHandle: 'string|null',
  version: 'string',
  releaseAt: 'string|null',
  demo: 'boolean',
} as const satisfies Record<keyof AppConfig, string>;

const fits = (kind: string, value: unknown) => (value === null ? kind.endsWith('|null') : kind.startsWith(typeof value));

/** The well-typed fields of `source` (an object, else none): a missing or malformed field is left out. */
export function appConfigFields(source: unknown): Partial<AppConfig> {
  if (typeof source !== 'object' || source === null) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(FIELD_KINDS)) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined && fits(kind, value)) fields[key] = value;
  }
  return fields as Partial<AppConfig>;
}

export const APP_VERSION = 'v0.14.2';
