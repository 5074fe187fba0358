import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../bot/config';

const S3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('scale-out configuration', () => {
  it('keeps images on the local disk and reads on the primary when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({ s3: null, databaseReplicaUrls: [] });
  });

  it('reads the S3 variables, defaulting the region and path-style addressing for non-AWS endpoints', () => {
    expect(loadConfig(S3).s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'media', accessKey: 'key', secretKey: 'secret', region: 'us-east-1', forcePathStyle: true, publicUrl: null });
    const aws = loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com', S3_REGION: 'eu-central-1', S3_PUBLIC_URL: 'https://img.example.org/' }).s3;
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
    const urls = { DATABASE_URL: 'postgres://db/app', DATABASE_REPLICA_URLS: 'postgres://r1/app, postgresql://r2/app' };
    expect(loadConfig(urls).databaseReplicaUrls).toEqual(['postgres://r1/app', 'postgresql://r2/app']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/app' })).toThrow(/DATABASE_REPLICA_URLS: needs DATABASE_URL/);
    expect(() => loadConfig({ ...urls, DATABASE_REPLICA_URLS: 'mysql://r1/app' })).toThrow(/DATABASE_REPLICA_URLS/);
  });
});
