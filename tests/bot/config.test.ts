import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../bot/config';

const TOKEN = '123456:production-token-abc';
const S3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('scale-out configuration', () => {
  it('keeps images on the local disk and reads on the primary when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({ s3: null, databaseReplicaUrls: [] });
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
    const attempt = () => loadConfig({ S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: S3.S3_BUCKET });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/S3_ACCESS_KEY: missing[^\n]*\n\s+S3_SECRET_KEY: missing/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://img.example.org' })).toThrow(/S3_ENDPOINT: missing/);
  });

  it('splits DATABASE_REPLICA_URLS and insists on a primary DATABASE_URL', () => {
    const urls = { BOT_TOKEN: TOKEN, DATABASE_URL: 'postgres://db/app', DATABASE_REPLICA_URLS: 'postgres://r1/app, postgresql://r2/app' };
    expect(loadConfig(urls).databaseReplicaUrls).toEqual(['postgres://r1/app', 'postgresql://r2/app']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/app' })).toThrow(/DATABASE_REPLICA_URLS: needs DATABASE_URL/);
    expect(() => loadConfig({ ...urls, DATABASE_REPLICA_URLS: 'mysql://r1/app' })).toThrow(/DATABASE_REPLICA_URLS/);
  });
});

describe('demo mode', () => {
  it('is what nothing at all configures: the development token, listening on this machine only', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'demo', host: '127.0.0.1', trustProxy: [] });
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    [
      { ROLE: 'api', DATABASE_URL: 'postgres://db/app', PUBLIC_URL: 'https://app.example.org', ADMIN_IDS: '1' },
      'DATABASE_URL, PUBLIC_URL, ROLE=api',
    ],
    [{ DATABASE_URL: 'postgres://db/app' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'https://app.example.org' }, 'PUBLIC_URL'],
    [{ WEBHOOK_URL: 'https://app.example.org' }, 'WEBHOOK_URL'],
    [{ REDIS_URL: 'redis://cache:6379' }, 'REDIS_URL'],
    [{ ROLE: 'bot' }, 'ROLE=bot'],
  ])('refuses to start without BOT_TOKEN when a deployment is configured (%o)', (env, named) => {
    const attempt = () => loadConfig(env);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`BOT_TOKEN: missing while ${named}`);
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
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });
});

describe('image screening configuration', () => {
  it('screens by default with the documented thresholds; SCREENING=off and each threshold can be set', () => {
    expect(loadConfig({}).screening).toEqual({ enabled: true, thresholds: { explicitRefuse: 0.85, explicitFlag: 0.4, sexyFlag: 0.6 } });
    expect(loadConfig({ SCREENING: 'off' }).screening.enabled).toBe(false);
    expect(
      loadConfig({ SCREENING_EXPLICIT_REFUSE: '0.9', SCREENING_EXPLICIT_FLAG: '0.3', SCREENING_SEXY_FLAG: '0.7' }).screening.thresholds,
    ).toEqual({ explicitRefuse: 0.9, explicitFlag: 0.3, sexyFlag: 0.7 });
  });

  it('refuses a threshold outside 0..1, a flag above the refusal and an unknown SCREENING, naming the variable', () => {
    expect(() => loadConfig({ SCREENING_SEXY_FLAG: '1.5' })).toThrow(/SCREENING_SEXY_FLAG: a number from 0 to 1/);
    expect(() => loadConfig({ SCREENING_EXPLICIT_FLAG: '0.9' })).toThrow(/SCREENING_EXPLICIT_FLAG: must not exceed SCREENING_EXPLICIT_REFUSE/);
    expect(() => loadConfig({ SCREENING: 'maybe' })).toThrow(/SCREENING: on or off/);
  });
});
