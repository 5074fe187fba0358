import type { File as TgFile, PhotoSize, Sticker, StickerSet } from 'grammy/types';
import { bad, optStr, type Handler, type Uploads } from './params';

/** Files the bot sent or the test added (photos, stickers), by file_id and by download path. */

export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  filePath: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export function sniffContentType(bytes: Buffer): string {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return 'application/octet-stream';
}

/** PNG stores its size in the IHDR chunk; anything else gets a plausible default. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  return { width: 512, height: 512 };
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  private readonly filesByPath = new Map<string, StoredFile>();
  private readonly stickerSets = new Map<string, StickerSet>();
  private nextFileNo = 1;

  add(bytes: Buffer, dir: 'photos' | 'stickers'): StoredFile {
    const n = this.nextFileNo++;
    const ext = EXTENSIONS[sniffContentType(bytes)] ?? 'jpg';
    const file: StoredFile = {
      fileId: `fake_${dir.slice(0, -1)}_${n}`,
      fileUniqueId: `fake_unique_${n}`,
      filePath: `${dir}/file_${n}.${ext}`,
      bytes,
      ...imageSize(bytes),
    };
    this.files.set(file.fileId, file);
    this.filesByPath.set(file.filePath, file);
    return file;
  }

  bytesAt(filePath: string): Buffer | undefined {
    return this.filesByPath.get(filePath)?.bytes;
  }

  photoSizes(file: StoredFile): PhotoSize[] {
    const { fileId, fileUniqueId, width, height, bytes } = file;
    return [{ file_id: fileId, file_unique_id: fileUniqueId, width, height, file_size: bytes.length }];
  }

  /** attach://name (multipart upload), a known file_id, an http(s) URL, or a bare upload under the field name. */
  input(value: unknown, field: string, uploads: Uploads): StoredFile {
    if (typeof value === 'string') {
      const attached = value.startsWith('attach://') ? uploads.get(value.slice('attach://'.length)) : undefined;
      if (attached) return this.add(attached.bytes, 'photos');
      const known = this.files.get(value);
      if (known) return known;
      // There is no internet: a URL photo is stored without bytes.
      if (/^https?:\/\//i.test(value)) return this.add(Buffer.alloc(0), 'photos');
      throw bad('wrong file identifier/HTTP URL specified');
    }
    const bare = uploads.get(field);
    if (value === undefined && bare) return this.add(bare.bytes, 'photos');
    throw bad(`there is no ${field} in the request`);
  }

  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void {
    const stickers: Sticker[] = set.stickers.map(({ emoji, png }) => {
      const file = this.add(png, 'stickers');
      return {
        file_id: file.fileId,
        file_unique_id: file.fileUniqueId,
        type: 'regular',
        width: file.width,
        height: file.height,
        is_animated: false,
        is_video: false,
        file_size: file.bytes.length,
        set_name: set.name,
        ...(emoji ? { emoji } : {}),
      };
    });
    this.stickerSets.set(set.name, { name: set.name, title: set.title, sticker_type: 'regular', stickers });
  }

  methods(): Record<string, Handler> {
    return {
      getStickerSet: (p) => {
        const set = this.stickerSets.get(optStr(p, 'name') ?? '');
        if (!set) throw bad('STICKERSET_INVALID');
        return set;
      },
      getFile: (p): TgFile => {
        const file = this.files.get(optStr(p, 'file_id') ?? '');
        if (!file) throw bad('invalid file_id');
        return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.bytes.length, file_path: file.filePath };
      },
    };
  }
}
