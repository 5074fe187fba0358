// Reads what tar-writer.ts writes (and plain ustar/pax archives of directories and files), refusing paths that
// would leave the target directory. It streams: no entry is held in memory beyond a small cap, and the sizes the
// headers announce are capped per entry and in total before any byte of them is read (a gzip bomb ends there).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BLOCK, CHUNK, padding } from './tar-writer';

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
function safeEntryPath(name: string): string {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('..') || normal.includes('\0')) {
    throw new Error(`the archive holds an unsafe path: ${name}`);
  }
  return normal.replace(/\/+$/, '');
}

interface Header {
  type: string;
  name: string;
  size: number;
  mode: number;
}

/** A ustar header block, with what a preceding pax header said (long paths, large sizes) taking precedence. */
function parseHeader(block: Buffer, pax: Map<string, string>): Header {
  const prefix = field(block, 345, 155);
  return {
    type: String.fromCharCode(block[156]!),
    name: pax.get('path') ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100)),
    size: Number(pax.get('size') ?? parseInt(field(block, 124, 12).trim() || '0', 8)),
    mode: parseInt(field(block, 100, 8).trim() || '0', 8),
  };
}

/** What one archive may hold, checked against each header before its data is read. */
export interface TarLimits {
  /** The largest entry at `path`. */
  maxEntryBytes: (path: string) => number;
  /** All entries together. */
  maxTotalBytes: number;
}

/** An entry read whole (the manifest, a password, a pax header) is small; more is refused, not allocated. */
const MAX_IN_MEMORY_BYTES = 1024 * 1024;

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

/** Streams the file into `target` and answers its SHA-256; reads it whole (at most MAX_IN_MEMORY_BYTES). */
type OnEntry = (entry: TarEntry, extractTo: (target: string) => Promise<string>, readAll: () => Promise<Buffer>) => Promise<void>;

/** Hands one directory or file to `onEntry`, then skips whatever of its data `onEntry` did not read. */
async function handOut(reader: ExactReader, header: Header, onEntry: OnEntry): Promise<void> {
  const { type, name, size, mode } = header;
  if (type !== '0' && type !== '\0' && type !== '5') throw new Error(`the archive holds an unsupported entry (type ${type}): ${name}`);
  const directory = type === '5';
  const entry: TarEntry = { path: safeEntryPath(name), type: directory ? 'directory' : 'file', mode, size: directory ? 0 : size };
  const padded = size + padding(size).length;
  let consumed = directory;
  const claim = () => {
    if (consumed) throw new Error('entry already read');
    consumed = true;
  };
  const extractTo = async (target: string) => {
    claim();
    const out = createWriteStream(target, { mode: mode & 0o777 || 0o600, flags: 'wx' });
    const hash = createHash('sha256');
    await reader.pipe(size, async (chunk) => {
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    });
    out.end();
    await finished(out);
    await reader.pipe(padded - size, async () => undefined);
    return hash.digest('hex');
  };
  const readAll = async () => {
    if (size > MAX_IN_MEMORY_BYTES)
      throw new Error(`the archive's ${name} is ${size} bytes, more than the ${mib(MAX_IN_MEMORY_BYTES)} it may be`);
    claim();
    return ((await reader.read(padded)) ?? Buffer.alloc(0)).subarray(0, size);
  };
  await onEntry(entry, extractTo, readAll);
  if (!consumed) await reader.pipe(padded, async () => undefined);
}

/** Refuses an entry larger than its cap, or one that takes the archive past the total, before reading it. */
function checkSize(header: Header, limits: TarLimits, total: { bytes: number }): void {
  const { name, size } = header;
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`the archive has a malformed size for ${name}`);
  const cap = header.type === 'x' ? MAX_IN_MEMORY_BYTES : limits.maxEntryBytes(name);
  if (size > cap) throw new Error(`the archive's entry ${name} is ${size} bytes, more than the ${mib(cap)} an entry there may be`);
  total.bytes += size;
  if (total.bytes > limits.maxTotalBytes) {
    throw new Error(`the archive unpacks to more than ${mib(limits.maxTotalBytes)} (RESTORE_MAX_BYTES): refused before filling the disk`);
  }
}

async function readEntries(reader: ExactReader, onEntry: OnEntry, limits: TarLimits): Promise<void> {
  let pax = new Map<string, string>();
  const total = { bytes: 0 };
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new Error('the archive is truncated (no end-of-archive marker)');
    if (block.every((b) => b === 0)) return reader.drain();
    const header = parseHeader(block, pax);
    pax = new Map();
    checkSize(header, limits, total);
    const padded = header.size + padding(header.size).length;
    if (header.type === 'x') {
      const data = await reader.read(padded);
      if (!data) throw new Error('the archive is truncated');
      pax = parsePax(data.subarray(0, header.size));
    } else if (header.type === 'g') {
      await reader.pipe(padded, async () => undefined);
    } else {
      await handOut(reader, header, onEntry);
    }
  }
}

/**
 * Reads a .tar.gz file entry by entry: `onEntry` gets each directory and file, and for a file a function that
 * streams its bytes into a local file (entries it does not read are skipped). Rejects unsafe paths and links.
 */
export async function readTar(file: string, onEntry: OnEntry, limits: TarLimits): Promise<void> {
  const input = createGunzip();
  const source = createReadStream(file);
  source.once('error', (err) => input.destroy(err));
  source.pipe(input);
  try {
    await readEntries(new ExactReader(input), onEntry, limits);
  } catch (err) {
    input.destroy();
    source.destroy();
    // zlib's own words (Z_BUF_ERROR 'unexpected end of file', Z_DATA_ERROR 'incorrect header check'…).
    const code = (err as { code?: string }).code;
    if (code?.startsWith('Z_')) throw new Error(`the archive is damaged or truncated (${(err as Error).message})`, { cause: err });
    throw err;
  }
}
