import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ARCHIVE } from './settings';
import type { TarWriter } from './tar-writer';

export interface StorageCopy {
  files: number;
  bytes: number;
  /** Ids of the images whose master file is in the archive. */
  masters: Set<string>;
}

async function listDir(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    // An image deleted while the copy ran (its whole directory goes).
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Copies the image files under `root` into the archive's storage/ folder. Files being written are left out:
 * the local disk storage writes `<key>.<random>.tmp` and renames it into place, so every other file is whole.
 */
export async function copyStorage(tar: TarWriter, root: string): Promise<StorageCopy> {
  const result: StorageCopy = { files: 0, bytes: 0, masters: new Set() };
  await tar.directory(ARCHIVE.storage);
  const walk = async (dir: string, name: string) => {
    for (const entry of await listDir(dir)) {
      const source = path.join(dir, entry.name);
      const target = `${name}/${entry.name}`;
      if (entry.isDirectory()) {
        await tar.directory(target);
        await walk(source, target);
      } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        const size = await tar.file(target, source);
        if (size === null) continue;
        result.files++;
        result.bytes += size;
        const master = /^storage\/images\/([^/]+)\/master\.webp$/.exec(target);
        if (master) result.masters.add(master[1]!);
      }
    }
  };
  await walk(root, ARCHIVE.storage);
  return result;
}
