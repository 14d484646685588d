import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeAll } from './durable-file';
import { syncDirectory } from './platform-fs';

// The journal keeps small commits cheap: instead of rewriting a large database file, a commit
// appends the statements it ran (with their exact parameter values) and fsyncs that one line.
// Opening replays the lines newer than the snapshot. Each line carries a checksum, so a line
// torn by a crash is recognised; only the last line can be torn, because appends are sequential
// and each commit waits for its fsync.

export type SqlValue = string | number | null;
export type JournalOp = readonly [sql: string, params: readonly SqlValue[]];

export interface JournalEntry {
  seq: number;
  ops: readonly JournalOp[];
}

export interface JournalContents {
  entries: JournalEntry[];
  /** Bytes up to the end of the last whole line; a torn tail after it is cut off at open. */
  validBytes: number;
  totalBytes: number;
  /** Bytes of a last line without its newline: a write a crash cut short, never acknowledged. */
  tornBytes: number;
}

export class JournalDamagedError extends Error {}

export function encodeEntry(entry: JournalEntry): string {
  const body = JSON.stringify(entry);
  return `${checksum(body)} ${body}\n`;
}

export function readJournal(file: string): JournalContents {
  if (!existsSync(file)) return { entries: [], validBytes: 0, totalBytes: 0, tornBytes: 0 };
  return parseJournal(readFileSync(file));
}

/**
 * Only a last line without its newline can come from a crash (appends are sequential and each
 * waits for its fsync); a bad line that ends with a newline was damaged after it was written.
 */
export function parseJournal(bytes: Buffer): JournalContents {
  const read = readJournalPrefix(bytes);
  if (read.damage !== undefined) throw new JournalDamagedError(read.damage);
  return read;
}

/** The whole lines up to the first bad one (a restore keeps them), and what is wrong with that one. */
export function readJournalPrefix(bytes: Buffer): JournalContents & { damage?: string } {
  const entries: JournalEntry[] = [];
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    if (end === -1) break;
    const entry = decodeLine(bytes.subarray(start, end).toString('utf8'));
    if (!entry) {
      const damage = `line ${entries.length + 1} (at byte ${start}) fails its checksum`;
      return { entries, validBytes: start, totalBytes: bytes.length, tornBytes: 0, damage };
    }
    entries.push(entry);
    start = end + 1;
  }
  return { entries, validBytes: start, totalBytes: bytes.length, tornBytes: bytes.length - start };
}

function decodeLine(line: string): JournalEntry | undefined {
  const space = line.indexOf(' ');
  if (space <= 0) return undefined;
  const body = line.slice(space + 1);
  if (checksum(body) !== line.slice(0, space)) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isEntry(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { seq, ops } = value as { seq?: unknown; ops?: unknown };
  return typeof seq === 'number' && Array.isArray(ops);
}

function checksum(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** Appends whole lines durably; the file is cut back to its last whole line when opened. */
export class JournalWriter {
  private fd: number;

  constructor(
    readonly file: string,
    private bytes: number,
  ) {
    const created = !existsSync(file);
    this.fd = openSync(file, created ? 'w+' : 'r+', 0o600);
    // Only a torn tail is cut: truncating to the same length would still touch the file's times,
    // which tell a listing (listing.ts) that the database changed.
    if (fstatSync(this.fd).size !== bytes) ftruncateSync(this.fd, bytes);
    if (created) syncDirectory(dirname(file));
  }

  get size(): number {
    return this.bytes;
  }

  append(entry: JournalEntry): void {
    const line = Buffer.from(encodeEntry(entry), 'utf8');
    try {
      writeAll(this.fd, line, this.bytes);
      fsyncSync(this.fd);
    } catch (error) {
      // Whatever part of the line reached the file must not be mistaken for a commit later.
      ftruncateSync(this.fd, this.bytes);
      throw error;
    }
    this.bytes += line.length;
  }

  /** Called once a snapshot holds everything the journal held. */
  clear(): void {
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
