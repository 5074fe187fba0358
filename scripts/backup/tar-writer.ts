// A gzip-compressed tar writer (tar-reader.ts reads it back), just what the backup archive needs: directories and
// regular files, POSIX ustar headers with pax records for long paths and large sizes. Written here rather than taken from a
// package because the writer must copy a live PostgreSQL data directory: a file that shrinks while it is read is
// padded with zeros and one that grows is cut at the size its header announced, as pg_basebackup does (WAL
// replay repairs those pages); a general-purpose tar library fails the archive instead. Any tar reads the result
// (`tar -tzf backup.tar.gz`).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';

export const BLOCK = 512;
export const CHUNK = 1024 * 1024;
// The octal size field holds 11 digits: 8 GiB - 1.
const MAX_OCTAL_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function paxRecord(key: string, value: string): Buffer {
  // "<length> <key>=<value>\n", the length counting itself.
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`);
}

function header(name: string, opts: { size: number; mode: number; mtime: number; type: '0' | '5' | 'x' }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(opts.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(Math.min(opts.size, MAX_OCTAL_SIZE), 12), 124, 'ascii');
  block.write(octal(Math.max(0, Math.floor(opts.mtime)), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(opts.type, 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries one after another into a .tar.gz file; close() ends the archive and waits for the file. */
export class TarWriter {
  private readonly gzip: Gzip;
  /** Settles when the file is written, or fails (a full disk). */
  private readonly written: Promise<void>;
  private closed = false;
  /** The SHA-256 of every file entry written so far, by its path in the archive (for the manifest). */
  readonly sums: Record<string, string> = {};

  constructor(file: string) {
    this.gzip = createGzip({ level: 1 });
    this.written = pipeline(this.gzip, createWriteStream(file, { mode: 0o600 }));
    this.written.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.written]);
  }

  private async writeHeader(name: string, opts: { size: number; mode: number; mtime: number; type: '0' | '5' }): Promise<void> {
    const records: Buffer[] = [];
    const stored = opts.type === '5' ? `${name}/` : name;
    if (Buffer.byteLength(stored) > 100) records.push(paxRecord('path', stored));
    if (opts.size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(opts.size)));
    if (records.length > 0) {
      const pax = Buffer.concat(records);
      await this.write(header('PaxHeader', { size: pax.length, mode: 0o644, mtime: opts.mtime, type: 'x' }));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header(stored.slice(0, 100), opts));
  }

  async directory(name: string, mode = 0o700, mtime = Date.now() / 1000): Promise<void> {
    await this.writeHeader(name, { size: 0, mode, mtime, type: '5' });
  }

  async buffer(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.writeHeader(name, { size: data.length, mode, mtime: Date.now() / 1000, type: '0' });
    this.sums[name] = createHash('sha256').update(data).digest('hex');
    await this.write(Buffer.concat([data, padding(data.length)]));
  }

  /**
   * Copies a file as it is now: the size it has when opened goes into the header and exactly that many bytes
   * follow (zeros where it shrank meanwhile). Answers that size, or null when the file is gone (removed since it
   * was listed).
   */
  async file(name: string, source: string): Promise<number | null> {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const info = await handle.stat();
      await this.writeHeader(name, { size: info.size, mode: info.mode, mtime: info.mtimeMs / 1000, type: '0' });
      const hash = createHash('sha256');
      let done = 0;
      while (done < info.size) {
        const want = Math.min(CHUNK, info.size - done);
        // Zero-filled: past the end of a file that shrank meanwhile, zeros are what goes out.
        const chunk = Buffer.alloc(want);
        for (let got = 0; got < want;) {
          const { bytesRead } = await handle.read(chunk, got, want - got, done + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        hash.update(chunk);
        await this.write(chunk);
        done += want;
      }
      this.sums[name] = hash.digest('hex');
      await this.write(padding(info.size));
      return info.size;
    } finally {
      await handle.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Two zero blocks end a tar archive.
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.written;
  }

  /** Stops writing (after a failure); the caller removes the file. */
  async abort(): Promise<void> {
    this.closed = true;
    this.gzip.destroy();
    await this.written.catch(() => undefined);
  }
}
