import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './storage';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and other local servers). */
  forcePathStyle: boolean;
  /** Public base URL of the bucket's objects (S3_PUBLIC_URL), or null when only we read them. */
  publicUrl: string | null;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg' };
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

type S3Failure = { name?: string; $metadata?: { httpStatusCode?: number } };
// A missing bucket is a 404 too, but a configuration error, not an absent key.
const isMissingKey = (err: unknown) => (err as S3Failure).name === 'NoSuchKey';
const isMissingHead = (err: unknown) => (err as S3Failure).name === 'NotFound' || (err as S3Failure).$metadata?.httpStatusCode === 404;

function createClient(o: S3StorageOptions): S3Client {
  return new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secretKey },
    // Many S3-compatible servers reject the SDK's default CRC32 trailers; checksum only where S3 demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Objects in one bucket of any S3-compatible store; a PUT is atomic, so no temp objects are needed. Objects are
 * cached an hour, not for good: a deleted image must stop being served (replaced and rejected photos).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = createClient(options);
  const Bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/+$/, '') ?? null;

  async function deletePrefix(prefix: string): Promise<void> {
    // ListObjects v1 paged by the last key: every S3-compatible server has it (s3rver's v2 tokens need DES, gone in OpenSSL 3).
    let marker: string | undefined;
    do {
      const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: prefix, Marker: marker }));
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length > 0) {
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`S3 refused to delete ${failed.length} object(s) under ${prefix}: ${failed[0]?.Code ?? 'unknown'}`);
      }
      marker = page.IsTruncated ? objects.at(-1)?.Key : undefined;
    } while (marker);
  }

  return {
    async put(key, data) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentTypeOf(key), CacheControl: 'public, max-age=3600' }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await res.Body?.transformToByteArray();
        return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.alloc(0);
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissingHead(err)) return false;
        throw err;
      }
    },
    async delete(keyOrPrefix) {
      assertStorageKey(keyOrPrefix);
      if (keyOrPrefix.endsWith('/')) await deletePrefix(keyOrPrefix);
      else await client.send(new DeleteObjectCommand({ Bucket, Key: keyOrPrefix }));
    },
    ...(publicBase ? { publicUrl: (key: string) => `${publicBase}/${key}` } : {}),
  };
}
