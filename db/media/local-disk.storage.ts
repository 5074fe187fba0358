import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage';

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Files under `root` (STORAGE_DIR); writes go to a temp file first and are renamed into place. */
export function createLocalDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(base, ...key.split('/').filter(Boolean));
  };
  /** Writes a temp file beside `key`'s with `write` and renames it into place: never a partial file under `key`. */
  async function writeAtomically(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
  return {
    put: (key, data) => writeAtomically(key, (temp) => writeFile(temp, data, { flag: 'wx' })),
    // copy_file_range where the kernel has it: the bytes never enter this process.
    putFile: (key, source) => writeAtomically(key, (temp) => copyFile(source, temp, constants.COPYFILE_EXCL)),
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      const info = await stat(fileOf(key)).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)));
      return info?.isFile() ?? false;
    },
    async delete(keyOrPrefix) {
      await rm(fileOf(keyOrPrefix), { recursive: true, force: true });
    },
  };
}
