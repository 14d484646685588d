import { type BigIntStats, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { type DatabaseFiles, databaseFiles } from './files';
import { acquireLock } from './lock';
import { renameReplacing } from './platform-fs';
import type { Reader } from './statements';

// A listing is a small answer computed from a database (the library's batches with their row counts)
// and kept beside it, so that a command that only lists (`voucher-desk batch list`) can answer
// without reading, checksumming and loading the whole database file. It is used only while the
// database's files are exactly those it was computed from: same inode, size, modification and
// change time (to the nanosecond) of the snapshot, the journal and the manifest, and the same
// manifest text (generation and checksum of the snapshot, length of the journal). The process that
// writes it checked those files itself (by checksum when it opened them, or wrote them) and saw no
// other process change them since. Anything else (a file written, replaced, restored, cut, a crash
// before close) changes a stamp, and the command opens the database in full, with every check.
// No node:crypto here: loading it costs a listing command more than the rest of its work.

/** What a database offers as its listing: `kind` names the shape (a new shape is a new kind). */
export interface ListingSpec {
  kind: string;
  compute(reader: Reader): unknown;
}

/** One file as stat() sees it; any write, rename or replacement changes at least one field. */
export interface FileStamp {
  dev: string;
  ino: string;
  size: string;
  mtimeNs: string;
  ctimeNs: string;
}

/** The snapshot and manifest as a process last checked or wrote them. */
export interface KnownFiles {
  snapshot?: FileStamp;
  manifest?: FileStamp;
}

interface Stamps {
  snapshot: FileStamp;
  journal: FileStamp;
  manifest: FileStamp;
}

interface StoredListing {
  kind: string;
  /** A version that does not know this schema refuses the database at open; it must not list it either. */
  schemaVersion: number;
  stamps: Stamps;
  /**
   * The manifest's own text, compared too: every full save gives it a new generation and checksum, so
   * a listing stays tied to its snapshot even where file times are coarse and inode numbers reused.
   */
  manifest: string;
  value: unknown;
}

/** The stamp of `file`, or undefined when it does not exist. */
export function fileStamp(file: string): FileStamp | undefined {
  let stat: BigIntStats | undefined;
  try {
    stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (!stat) return undefined;
  return { dev: String(stat.dev), ino: String(stat.ino), size: String(stat.size), mtimeNs: String(stat.mtimeNs), ctimeNs: String(stat.ctimeNs) };
}

function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  return !!a && !!b && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

function currentStamps(files: DatabaseFiles): Stamps | undefined {
  const snapshot = fileStamp(files.snapshot);
  const journal = fileStamp(files.journal);
  const manifest = fileStamp(files.manifest);
  return snapshot && journal && manifest ? { snapshot, journal, manifest } : undefined;
}

/**
 * The listing of `kind` of database `name` in `dir`, read under the database's lock like an open
 * (a database another process has open is refused the same way); undefined when there is none
 * that still holds, and then the caller opens the database.
 */
export function readListingOf(dir: string, name: string, kind: string, knownSchema: number): unknown {
  const files = databaseFiles(resolve(dir), name);
  if (!existsSync(files.listing)) return undefined;
  const release = acquireLock(files.snapshot);
  try {
    return readListing(files, kind, knownSchema);
  } finally {
    release();
  }
}

/** The listing of `kind` if the files are still the ones it was computed from; call it holding the lock. */
function readListing(files: DatabaseFiles, kind: string, knownSchema: number): unknown {
  const stored = readStored(files.listing);
  if (!stored || stored.kind !== kind || stored.schemaVersion > knownSchema) return undefined;
  const now = currentStamps(files);
  const unchanged = !!now && (['snapshot', 'journal', 'manifest'] as const).every((file) => sameStamp(now[file], stored.stamps[file]));
  return unchanged && readText(files.manifest) === stored.manifest ? stored.value : undefined;
}

/**
 * Writes the listing of the files as they are now, if the snapshot and manifest are still the ones
 * the writer checked or wrote (`known`); else removes any listing, which could only be stale.
 * Not fsynced: after a power cut a listing is at worst missing, cut (its checksum fails) or stale
 * (its stamps differ), and each of those only means a full open.
 */
export function writeListing(files: DatabaseFiles, known: KnownFiles, spec: ListingSpec, reader: Reader, schemaVersion: number): void {
  const file = files.listing;
  const stamps = currentStamps(files);
  if (!stamps || !sameStamp(stamps.snapshot, known.snapshot) || !sameStamp(stamps.manifest, known.manifest)) {
    rmSync(file, { force: true });
    return;
  }
  if (readListing(files, spec.kind, schemaVersion) !== undefined) return;
  const manifest = readText(files.manifest);
  if (manifest === undefined) return;
  const stored: StoredListing = { kind: spec.kind, schemaVersion, stamps, manifest, value: spec.compute(reader) };
  const text = JSON.stringify(stored);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, `${checksum(text)} ${text}\n`, { mode: 0o600 });
  renameReplacing(temp, file);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readStored(file: string): StoredListing | undefined {
  const line = readText(file);
  if (line === undefined) return undefined;
  const space = line.indexOf(' ');
  const text = line.slice(space + 1, line.endsWith('\n') ? -1 : undefined);
  if (space <= 0 || checksum(text) !== line.slice(0, space)) return undefined;
  try {
    const parsed = JSON.parse(text) as StoredListing;
    const whole =
      typeof parsed.kind === 'string' &&
      typeof parsed.schemaVersion === 'number' &&
      typeof parsed.manifest === 'string' &&
      typeof parsed.stamps === 'object' &&
      parsed.stamps !== null;
    return whole ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}
