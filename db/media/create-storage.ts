import { createLocalDiskStorage } from './local-disk.storage';
import { createS3Storage, type S3StorageOptions } from './s3.storage';
import type { Storage } from './storage';

/** S3 when configured (S3_* variables), local disk under STORAGE_DIR otherwise. */
export function createStorage(config: { storageDir: string; s3: S3StorageOptions | null }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.storageDir);
}
