import path from 'node:path';
import { z } from 'zod';

export const DEV_BOT_TOKEN = '1000000001:DEMO-development-token-not-secret';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const idList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'a comma-separated list of Telegram ids')
  .transform((s) => s.split(',').map((id) => Number(id.trim())));

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')),
  BOT_TOKEN: optional(z.string().regex(/^\d+:[\w-]{10,}$/, 'a Bot API token like 123456:ABC...')),
  TELEGRAM_API_ROOT: optional(z.url()),
  PUBLIC_URL: optional(z.url()),
  ADMIN_IDS: optional(idList),
  INIT_DATA_MAX_AGE_S: optional(z.coerce.number().int().positive()),
  RELEASE_AT: optional(z.iso.datetime({ offset: true })),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'a redis:// URL')),
  STORAGE_DIR: optional(z.string()),
  DATA_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])),
  PRODUCT_NAME: optional(z.string().min(1).max(32)),
  SUPPORT_HANDLE: optional(z.string().regex(/^@\w{3,64}$/, 'a handle like @name')),
  MODERATION_CHAT_ID: optional(z.coerce.number().int()),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const port = env.PORT ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const demo = !env.BOT_TOKEN;
  return {
    mode: demo ? ('demo' as const) : ('production' as const),
    port,
    databaseUrl: env.DATABASE_URL ?? null,
    botToken: env.BOT_TOKEN ?? DEV_BOT_TOKEN,
    // Demo mode talks to the in-process fake Bot API unless told otherwise.
    telegramApiRoot: env.TELEGRAM_API_ROOT ?? (demo ? null : 'https://api.telegram.org'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminIds: env.ADMIN_IDS ?? [],
    initDataMaxAgeS: env.INIT_DATA_MAX_AGE_S ?? 86_400,
    releaseAt: env.RELEASE_AT ? new Date(env.RELEASE_AT) : null,
    redisUrl: env.REDIS_URL ?? null,
    dataDir,
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    logLevel: env.LOG_LEVEL ?? 'info',
    productName: env.PRODUCT_NAME ?? 'Орбита',
    supportHandle: env.SUPPORT_HANDLE ?? '@orbita_support',
    moderationChatId: env.MODERATION_CHAT_ID ?? null,
  };
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
