import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../db/media/s3.storage';

export interface TestS3Server {
  /** Options for createS3Storage against this server's bucket (no public URL). */
  options: S3StorageOptions;
  endpoint: string;
  bucket: string;
  /** Options for a new empty bucket on the same server. */
  freshBucket(): Promise<S3StorageOptions>;
  close(): Promise<void>;
}

/** An in-process S3-compatible server (s3rver) on a free port, files in a temp directory of its own. */
export async function startS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts the fixed key pair S3RVER/S3RVER.
  const options: S3StorageOptions = {
    endpoint,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
    publicUrl: null,
  };
  const client = new S3Client({
    endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let buckets = 0;
  return {
    options,
    endpoint,
    bucket,
    freshBucket: async () => {
      const name = `${bucket}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return { ...options, bucket: name };
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}
