// A gzip-compressed tar writer and reader, just what the backup archive needs: directories and regular files,
// POSIX ustar headers with pax records for long paths and large sizes. Written here rather than taken from a
// package because the writer must copy a live PostgreSQL data directory: a file that shrinks while it is read is
// padded with zeros and one that grows is cut at the size its header announced, as pg_basebackup does (WAL
// replay repairs those pages); a general-purpose tar library fails the archive instead. Any tar reads the result
// (`tar -tzf backup.tar.gz`).
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

const BLOCK = 512;
const CHUNK = 1024 * 1024;
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

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries one after another into a .tar.gz file; close() ends the archive and waits for the file. */
export class TarWriter {
  private readonly gzip: Gzip;
  /** Settles when the file is written, or fails (a full disk). */
  private readonly written: Promise<void>;
  private closed = false;

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
        await this.write(chunk);
        done += want;
      }
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

export interface TarEntry {
  /** The path in the archive, without a trailing slash. */
  path: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
}

/** Reads exact byte counts from a stream. */
class ExactReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** The next `n` bytes, or null at a clean end before any of them. */
  async read(n: number): Promise<Buffer | null> {
    while (this.length < n) {
      const next = await this.chunks.next();
      if (next.done) {
        if (this.length === 0) return null;
        throw new Error('the archive is truncated (it ends in the middle of an entry)');
      }
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  /** Reads what is left (the rest of the end marker, gzip's trailer: a damaged one fails here). */
  async drain(): Promise<void> {
    while (!(await this.chunks.next()).done);
  }

  /** Passes `n` bytes to `sink` chunk by chunk. */
  async pipe(n: number, sink: (chunk: Buffer) => Promise<void>): Promise<void> {
    let left = n;
    while (left > 0) {
      const chunk = await this.read(Math.min(CHUNK, left));
      if (!chunk) throw new Error('the archive is truncated (it ends in the middle of a file)');
      await sink(chunk);
      left -= chunk.length;
    }
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parsePax(data: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) throw new Error('the archive has a malformed pax header');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) records.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return records;
}

/** A path from an archive that stays inside the directory it is extracted into. */
export function safeEntryPath(name: string): string {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../') || normal.includes('\0')) {
    throw new Error(`the archive holds an unsafe path: ${name}`);
  }
  return normal.replace(/\/+$/, '');
}

/**
 * Reads a .tar.gz file entry by entry: `onEntry` gets each directory and file, and for a file a function that
 * streams its bytes into a local file (entries it does not read are skipped). Rejects unsafe paths and links.
 */
export async function readTar(
  file: string,
  onEntry: (entry: TarEntry, extractTo: (target: string) => Promise<void>, readAll: () => Promise<Buffer>) => Promise<void>,
): Promise<void> {
  const input = createGunzip();
  const source = createReadStream(file);
  source.once('error', (err) => input.destroy(err));
  source.pipe(input);
  const reader = new ExactReader(input);
  let pax = new Map<string, string>();
  let ended = false;
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (!block) throw new Error('the archive is truncated (no end-of-archive marker)');
      if (block.every((b) => b === 0)) {
        await reader.drain();
        ended = true;
        break;
      }
      const type = String.fromCharCode(block[156]!);
      const prefix = field(block, 345, 155);
      const name = pax.get('path') ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      const size = Number(pax.get('size') ?? parseInt(field(block, 124, 12).trim() || '0', 8));
      const mode = parseInt(field(block, 100, 8).trim() || '0', 8);
      pax = new Map();
      const padded = size + padding(size).length;
      if (type === 'x') {
        const data = await reader.read(padded);
        if (!data) throw new Error('the archive is truncated');
        pax = parsePax(data.subarray(0, size));
        continue;
      }
      if (type === 'g') {
        await reader.pipe(padded, async () => undefined);
        continue;
      }
      if (type !== '0' && type !== '\0' && type !== '5') throw new Error(`the archive holds an unsupported entry (type ${type}): ${name}`);
      const entry: TarEntry = { path: safeEntryPath(name), type: type === '5' ? 'directory' : 'file', mode, size: type === '5' ? 0 : size };
      let consumed = entry.type === 'directory';
      const extractTo = async (target: string) => {
        if (consumed) throw new Error('entry already read');
        consumed = true;
        const out = createWriteStream(target, { mode: mode & 0o777 || 0o600, flags: 'wx' });
        await reader.pipe(size, async (chunk) => {
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
        });
        out.end();
        await finished(out);
        await reader.pipe(padded - size, async () => undefined);
      };
      const readAll = async () => {
        if (consumed) throw new Error('entry already read');
        consumed = true;
        const data = await reader.read(padded);
        if (!data && padded > 0) throw new Error('the archive is truncated');
        return (data ?? Buffer.alloc(0)).subarray(0, size);
      };
      await onEntry(entry, extractTo, readAll);
      if (!consumed) await reader.pipe(padded, async () => undefined);
    }
  } catch (err) {
    // zlib's own words (Z_BUF_ERROR 'unexpected end of file', Z_DATA_ERROR 'incorrect header check'…).
    const code = (err as { code?: string }).code;
    if (code?.startsWith('Z_')) throw new Error(`the archive is damaged or truncated (${(err as Error).message})`, { cause: err });
    throw err;
  } finally {
    if (!ended) {
      input.destroy();
      source.destroy();
    }
  }
}
