import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from '../db/media/s3.storage';
import { DEFAULT_SCREENING_THRESHOLDS } from '../db/media/screening/screening';
import { parseProxyEntry } from '../api/middleware/client-address';

const DEV_BOT_TOKEN = '1000000001:DEMO-development-token-not-secret';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const idList = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'a comma-separated list of Telegram ids')
  .transform((s) => s.split(',').map((id) => Number(id.trim())));

const postgresUrls = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'a comma-separated list of postgres:// URLs')).min(1));

const proxyList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(
          (entry) => parseProxyEntry(entry) !== null,
          'a comma-separated list of IP addresses or CIDR blocks, like 10.0.0.0/8,127.0.0.1',
        ),
    ),
  );

/** Set without making the start production-like: the port, how loud the log is, and where the demo keeps its state. */
const DEMO_NEUTRAL = new Set(['PORT', 'LOG_LEVEL', 'DATA_DIR']);

/**
 * Demo mode signs launches with a token anyone can read, so it happens only when chosen (DEMO=true) or when no
 * configuration variable at all is set but PORT and LOG_LEVEL (and DATA_DIR, the demo's own state); otherwise a
 * missing BOT_TOKEN stops start-up, naming what was set. HOST counts too: a demo leaves this machine only with DEMO=true.
 */
function checkDemo(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (env.BOT_TOKEN !== undefined) {
    if (env.DEMO === true)
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message: 'demo mode signs launches with the public development token: unset BOT_TOKEN or DEMO',
      });
    return;
  }
  if (env.DEMO === true) return;
  const set = CONFIG_VARIABLES.filter((k) => !DEMO_NEUTRAL.has(k) && env[k] !== undefined);
  if (set.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['BOT_TOKEN'],
      message: `missing while ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set; set BOT_TOKEN, or DEMO=true for demo mode with the public development token`,
    });
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/** S3 storage takes its four variables together; replicas make sense only next to a primary DATABASE_URL. */
function checkGroups(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const s3Set = Object.keys(env).filter((k) => k.startsWith('S3_') && env[k] !== undefined);
  const missing = S3_REQUIRED.filter((k) => env[k] === undefined);
  if (s3Set.length > 0)
    for (const k of missing)
      ctx.addIssue({
        code: 'custom',
        path: [k],
        message: `missing: S3 storage needs ${S3_REQUIRED.join(', ')} together (set: ${s3Set.join(', ')})`,
      });
  if (env.DATABASE_REPLICA_URLS !== undefined && env.DATABASE_URL === undefined)
    ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message: 'needs DATABASE_URL (the primary) as well' });
}

const probability = z.coerce.number({ error: 'a number from 0 to 1' }).min(0, 'a number from 0 to 1').max(1, 'a number from 0 to 1');

/** Flagging starts below refusing, or nothing would ever be flagged. */
function checkScreening(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const refuse = (env.SCREENING_EXPLICIT_REFUSE as number | undefined) ?? DEFAULT_SCREENING_THRESHOLDS.explicitRefuse;
  const flag = (env.SCREENING_EXPLICIT_FLAG as number | undefined) ?? DEFAULT_SCREENING_THRESHOLDS.explicitFlag;
  if (flag > refuse)
    ctx.addIssue({
      code: 'custom',
      path: ['SCREENING_EXPLICIT_FLAG'],
      message: `must not exceed SCREENING_EXPLICIT_REFUSE (${refuse})`,
    });
}

const envShape = {
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string().regex(/^[\w.:-]+$/, 'an address to listen on, like 127.0.0.1 or 0.0.0.0')),
  DEMO: optional(z.stringbool()),
  TRUST_PROXY: optional(proxyList),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')),
  DATABASE_REPLICA_URLS: optional(postgresUrls),
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
  WEBAPP_BUILD: optional(z.stringbool()),
  PRESENCE_HEARTBEAT_MS: optional(z.coerce.number().int().min(100).max(60_000)),
  ROLE: optional(z.enum(['all', 'api', 'bot'], { error: 'one of all, api, bot' })),
  WEBHOOK_URL: optional(z.url().regex(/^https?:\/\//, 'an http(s) URL')),
  WEBHOOK_SECRET: optional(z.string().regex(/^[\w-]{16,256}$/, '16–256 letters, digits, _ or -')),
  S3_ENDPOINT: optional(z.url()),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name (3–63 lowercase letters, digits, dots, hyphens)'),
  ),
  S3_ACCESS_KEY: optional(z.string()),
  S3_SECRET_KEY: optional(z.string()),
  S3_PUBLIC_URL: optional(z.url()),
  S3_REGION: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.stringbool()),
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{16,256}$/, '16–256 visible ASCII characters (no spaces), e.g. from openssl rand -hex 32'),
  ),
  SCREENING: optional(z.enum(['on', 'off'], { error: 'on or off' })),
  AGE_CHECK: optional(z.enum(['on', 'off'], { error: 'on or off' })),
  SCREENING_EXPLICIT_REFUSE: optional(probability),
  SCREENING_EXPLICIT_FLAG: optional(probability),
  SCREENING_SEXY_FLAG: optional(probability),
  CHANNEL_HANDLE: optional(z.string().regex(/^@\w{3,64}$/, 'a channel handle like @name')),
  NODE_ENV: optional(z.string()),
};

/** Every variable the product reads (the README's configuration tables, and NODE_ENV). */
export const CONFIG_VARIABLES = Object.keys(envShape) as Array<keyof typeof envShape>;

const envSchema = z.object(envShape).superRefine(checkScreening).superRefine(checkGroups).superRefine(checkDemo);

export type Config = ReturnType<typeof toConfig>;

function s3Of(env: z.infer<typeof envSchema>): S3StorageOptions | null {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey } = env;
  if (!endpoint || !bucket || !accessKey || !secretKey) return null;
  // AWS addresses buckets by host name; S3-compatible servers mostly want the bucket in the path.
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? !new URL(endpoint).hostname.endsWith('amazonaws.com');
  return {
    endpoint,
    bucket,
    accessKey,
    secretKey,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  };
}

function toConfig(env: z.infer<typeof envSchema>) {
  const port = env.PORT ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const demo = !env.BOT_TOKEN;
  return {
    mode: demo ? ('demo' as const) : ('production' as const),
    port,
    // The demo's launcher signs in as anyone: it stays on this machine unless HOST says otherwise.
    host: env.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    trustProxy: env.TRUST_PROXY ?? [],
    databaseUrl: env.DATABASE_URL ?? null,
    databaseReplicaUrls: env.DATABASE_REPLICA_URLS ?? [],
    botToken: env.BOT_TOKEN ?? DEV_BOT_TOKEN,
    // Demo mode talks to the in-process fake Bot API unless told otherwise.
    telegramApiRoot: env.TELEGRAM_API_ROOT ?? (demo ? null : 'https://api.telegram.org'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    adminIds: env.ADMIN_IDS ?? [],
    initDataMaxAgeS: env.INIT_DATA_MAX_AGE_S ?? 86_400,
    releaseAt: env.RELEASE_AT ? new Date(env.RELEASE_AT) : null,
    redisUrl: env.REDIS_URL ?? null,
    dataDir,
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    s3: s3Of(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    productName: env.PRODUCT_NAME ?? 'Орбита',
    supportHandle: env.SUPPORT_HANDLE ?? '@orbita_support',
    // The product's channel, offered while a profile waits for review; none: no button.
    channelHandle: env.CHANNEL_HANDLE ?? null,
    moderationChatId: env.MODERATION_CHAT_ID ?? null,
    // all: one process does everything; api: HTTP + ws (any number); bot: the bot and the job worker (one).
    role: env.ROLE ?? ('all' as const),
    // false: serve dist/webapp as it is (processes started together must not all rebuild it).
    webappBuild: env.WEBAPP_BUILD ?? true,
    presenceHeartbeatMs: env.PRESENCE_HEARTBEAT_MS ?? 5_000,
    webhookUrl: env.WEBHOOK_URL ?? null,
    // Telegram repeats it in a header on every update; derived from the token when not given.
    webhookSecret: env.WEBHOOK_SECRET ?? null,
    // GET /metrics with it as a bearer token; unset: no metrics are counted and /metrics is 404.
    metricsToken: env.METRICS_TOKEN ?? null,
    // Image screening (issue #27): on unless SCREENING=off; thresholds on the model's scores.
    screening: {
      enabled: env.SCREENING !== 'off',
      // The face check of profile photos (issue 43): on unless AGE_CHECK=off.
      faceCheck: { enabled: env.AGE_CHECK !== 'off' },
      thresholds: {
        explicitRefuse: env.SCREENING_EXPLICIT_REFUSE ?? DEFAULT_SCREENING_THRESHOLDS.explicitRefuse,
        explicitFlag: env.SCREENING_EXPLICIT_FLAG ?? DEFAULT_SCREENING_THRESHOLDS.explicitFlag,
        sexyFlag: env.SCREENING_SEXY_FLAG ?? DEFAULT_SCREENING_THRESHOLDS.sexyFlag,
      },
    },
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
