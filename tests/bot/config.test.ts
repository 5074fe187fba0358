import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../bot/config';

const TOKEN = '123456:production-token-abc';
const S3 = { BOT_TOKEN: TOKEN, S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('scale-out configuration', () => {
  it('keeps images on the local disk and reads on the primary when nothing is set', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN })).toMatchObject({ s3: null, databaseReplicaUrls: [] });
  });

  it('reads the S3 variables, defaulting the region and path-style addressing for non-AWS endpoints', () => {
    expect(loadConfig(S3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'media',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: null,
    });
    const aws = loadConfig({
      ...S3,
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_PUBLIC_URL: 'https://img.example.org/',
    }).s3;
    expect(aws).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, publicUrl: 'https://img.example.org' });
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses a partial S3 configuration, naming every missing variable', () => {
    const attempt = () => loadConfig({ BOT_TOKEN: TOKEN, S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: S3.S3_BUCKET });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/S3_ACCESS_KEY: missing[^\n]*\n\s+S3_SECRET_KEY: missing/);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, S3_PUBLIC_URL: 'https://img.example.org' })).toThrow(/S3_ENDPOINT: missing/);
  });

  it('splits DATABASE_REPLICA_URLS and insists on a primary DATABASE_URL', () => {
    const urls = { BOT_TOKEN: TOKEN, DATABASE_URL: 'postgres://db/app', DATABASE_REPLICA_URLS: 'postgres://r1/app, postgresql://r2/app' };
    expect(loadConfig(urls).databaseReplicaUrls).toEqual(['postgres://r1/app', 'postgresql://r2/app']);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, DATABASE_REPLICA_URLS: 'postgres://r1/app' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...urls, DATABASE_REPLICA_URLS: 'mysql://r1/app' })).toThrow(/DATABASE_REPLICA_URLS/);
  });
});

/** A valid value of each configuration variable. */
const SAMPLE: Record<string, string> = {
  HOST: '127.0.0.1',
  TRUST_PROXY: '127.0.0.1',
  DATABASE_URL: 'postgres://db/app',
  DATABASE_REPLICA_URLS: 'postgres://r1/app',
  TELEGRAM_API_ROOT: 'https://api.telegram.org',
  PUBLIC_URL: 'https://app.example.org',
  ADMIN_IDS: '1',
  INIT_DATA_MAX_AGE_S: '60',
  RELEASE_AT: '2030-01-01T00:00:00Z',
  REDIS_URL: 'redis://cache:6379',
  STORAGE_DIR: '/tmp/storage',
  PRODUCT_NAME: 'Орбита',
  SUPPORT_HANDLE: '@support',
  MODERATION_CHAT_ID: '-100123',
  WEBAPP_BUILD: 'false',
  PRESENCE_HEARTBEAT_MS: '5000',
  ROLE: 'all',
  WEBHOOK_URL: 'https://app.example.org',
  WEBHOOK_SECRET: 'a'.repeat(32),
  ...S3,
  S3_PUBLIC_URL: 'https://img.example.org',
  S3_REGION: 'eu-central-1',
  S3_FORCE_PATH_STYLE: 'true',
  METRICS_TOKEN: 'b'.repeat(32),
  SCREENING: 'on',
  AGE_CHECK: 'off',
  SCREENING_EXPLICIT_REFUSE: '0.9',
  SCREENING_EXPLICIT_FLAG: '0.3',
  SCREENING_SEXY_FLAG: '0.5',
  CHANNEL_HANDLE: '@orbita_news',
  NODE_ENV: 'production',
};

describe('demo mode', () => {
  it('is what nothing at all configures: the development token, listening on this machine only', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'demo', host: '127.0.0.1', trustProxy: [] });
    expect(loadConfig({ PORT: '8080', LOG_LEVEL: 'debug', DATA_DIR: '/tmp/demo' })).toMatchObject({ mode: 'demo', port: 8080 });
    expect(loadConfig({ DATABASE_URL: '', BOT_TOKEN: '' }).mode).toBe('demo');
  });

  it('leaves this machine only when chosen: HOST beyond loopback needs DEMO=true', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow('BOT_TOKEN: missing while HOST is set');
    expect(() => loadConfig({ HOST: '0.0.0.0', ADMIN_IDS: '1' })).toThrow('BOT_TOKEN: missing while HOST, ADMIN_IDS are set');
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: 'true' })).toMatchObject({ mode: 'demo', host: '0.0.0.0' });
  });

  it.each([
    [{ TRUST_PROXY: '10.0.0.0/8' }, 'TRUST_PROXY'],
    [{ METRICS_TOKEN: 'a'.repeat(32) }, 'METRICS_TOKEN'],
    [{ MODERATION_CHAT_ID: '-100123' }, 'MODERATION_CHAT_ID'],
    [{ ...S3, BOT_TOKEN: undefined }, 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY'],
    [{ NODE_ENV: 'production' }, 'NODE_ENV'],
    [{ SCREENING: 'off', PRODUCT_NAME: 'Орбита' }, 'PRODUCT_NAME, SCREENING'],
    [{ DEMO: 'false' }, 'DEMO'],
  ])('refuses demo mode when any configuration is set (%o), naming it', (env, named) => {
    expect(() => loadConfig(env)).toThrow(`BOT_TOKEN: missing while ${named}`);
  });

  it('counts every variable it reads but PORT, LOG_LEVEL and DATA_DIR as configuration', () => {
    for (const name of CONFIG_VARIABLES) {
      if (['PORT', 'LOG_LEVEL', 'DATA_DIR', 'BOT_TOKEN', 'DEMO'].includes(name)) continue;
      expect(SAMPLE[name], `a sample value for ${name}`).toBeDefined();
      const env = name.startsWith('S3_') ? { ...S3, BOT_TOKEN: undefined, [name]: SAMPLE[name] } : { [name]: SAMPLE[name] };
      expect(() => loadConfig(env), name).toThrow(new RegExp(`BOT_TOKEN: missing while [^\\n]*\\b${name}\\b`));
    }
  });

  it('is allowed over a DATABASE_URL only when chosen with DEMO=true, and never beside a real token', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DEMO: 'true' })).toMatchObject({ mode: 'demo', host: '127.0.0.1' });
    expect(() => loadConfig({ DEMO: 'true', BOT_TOKEN: TOKEN })).toThrow(/DEMO: demo mode signs launches/);
    expect(() => loadConfig({ DEMO: 'false' })).toThrow(/BOT_TOKEN: missing/);
    expect(loadConfig({ BOT_TOKEN: TOKEN, ROLE: 'api', DATABASE_URL: 'postgres://db/app' })).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
    });
  });

  it('reads TRUST_PROXY as addresses and CIDR blocks, refusing anything else', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });
});

describe('image screening configuration', () => {
  it('screens by default with the documented thresholds; SCREENING=off and each threshold can be set', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).screening).toEqual({
      enabled: true,
      faceCheck: { enabled: true },
      thresholds: { explicitRefuse: 0.85, explicitFlag: 0.4, sexyFlag: 0.6 },
    });
    expect(loadConfig({ BOT_TOKEN: TOKEN, SCREENING: 'off' }).screening.enabled).toBe(false);
    expect(
      loadConfig({ BOT_TOKEN: TOKEN, SCREENING_EXPLICIT_REFUSE: '0.9', SCREENING_EXPLICIT_FLAG: '0.3', SCREENING_SEXY_FLAG: '0.7' })
        .screening.thresholds,
    ).toEqual({ explicitRefuse: 0.9, explicitFlag: 0.3, sexyFlag: 0.7 });
  });

  it('refuses a threshold outside 0..1, a flag above the refusal and an unknown SCREENING, naming the variable', () => {
    expect(() => loadConfig({ SCREENING_SEXY_FLAG: '1.5' })).toThrow(/SCREENING_SEXY_FLAG: a number from 0 to 1/);
    expect(() => loadConfig({ SCREENING_EXPLICIT_FLAG: '0.9' })).toThrow(
      /SCREENING_EXPLICIT_FLAG: must not exceed SCREENING_EXPLICIT_REFUSE/,
    );
    expect(() => loadConfig({ SCREENING: 'maybe' })).toThrow(/SCREENING: on or off/);
  });

  it('checks faces on profile photos unless AGE_CHECK=off, refusing any other value (issue 43)', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN, AGE_CHECK: 'off' }).screening.faceCheck).toEqual({ enabled: false });
    expect(loadConfig({ BOT_TOKEN: TOKEN, AGE_CHECK: 'on' }).screening.faceCheck).toEqual({ enabled: true });
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, AGE_CHECK: 'maybe' })).toThrow(/AGE_CHECK: on or off/);
  });
});
