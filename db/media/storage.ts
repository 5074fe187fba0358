/**
 * Where image files live. Keys are relative paths such as `images/{id}/master.webp`; the local disk
 * implementation is in local-disk.storage.ts, the S3-compatible one in s3.storage.ts (create-storage.ts picks).
 */
export interface Storage {
  /** Writes the whole buffer or nothing (no partial file is ever visible under `key`). */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes the bytes of the local file `file` under `key`, as put does, without reading them into this process where
   * the store allows (the local disk copies in the kernel); the file stays where it is. Optional: without it the
   * caller reads the file and puts its bytes.
   */
  putFile?(key: string, file: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one key, or every key under a prefix ending in `/`. */
  delete(keyOrPrefix: string): Promise<void>;
  /** A URL anyone can fetch `key` from directly, when the store is public (S3_PUBLIC_URL); /cdn then redirects there. */
  publicUrl?(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*\/?$/i;

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid storage key: ${key}`);
}
