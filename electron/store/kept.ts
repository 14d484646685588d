import { existsSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import type { SqlJsStatic } from 'sql.js';
import { replaceFileDurably } from './durable-file';
import { syncDirectory } from './platform-fs';
import { type DatabaseFiles, keptFile, keptGenerations } from './files';
import { checkHeader, readMeta } from './load';
import type { Manifest, SnapshotFacts } from './manifest';
import { readGrowable } from './sqljs';

// Kept copies: the last few good snapshots of each database, in `kept-copies/<name>.<generation>.sqlite`.
// The manifest lists them with their checksums; a copy it does not list (its manifest is lost) is
// still offered, checked by SQLite's own integrity check instead.

export type DatabaseName = 'library' | 'outbox' | 'cache';
export const DATABASE_NAMES: readonly DatabaseName[] = ['library', 'outbox', 'cache'];
export const KEPT_COPIES = 3;

export interface KeptCopy {
  id: string;
  database: DatabaseName;
  takenAt: string;
  lastCommit: number;
  bytes: number;
}

export function toKeptCopy(database: DatabaseName, facts: SnapshotFacts): KeptCopy {
  return { id: String(facts.generation), database, takenAt: facts.takenAt, lastCommit: facts.lastCommit, bytes: facts.bytes };
}

/** Every kept copy on disk, newest first: those the manifest lists, then any it does not know. */
export function listKeptCopies(SQL: SqlJsStatic, files: DatabaseFiles, database: DatabaseName, manifest: Manifest | undefined): KeptCopy[] {
  const listed = new Map((manifest?.kept ?? []).map((facts) => [facts.generation, facts]));
  const copies: KeptCopy[] = [];
  for (const generation of keptGenerations(files)) {
    const facts = listed.get(generation);
    if (facts) copies.push(toKeptCopy(database, facts));
    else {
      const unlisted = unlistedFacts(SQL, keptFile(files, generation), generation);
      if (unlisted) copies.push(toKeptCopy(database, unlisted));
    }
  }
  return copies.reverse();
}

/** Facts of a copy read from the copy itself; undefined when it is not a whole, readable database. */
export function unlistedFacts(SQL: SqlJsStatic, file: string, generation: number): SnapshotFacts | undefined {
  try {
    const bytes = readGrowable(file);
    checkHeader(bytes);
    const db = new SQL.Database(bytes);
    try {
      const check = db.exec('PRAGMA quick_check')[0]?.values[0]?.[0];
      if (check !== 'ok') return undefined;
      const { journalSeq } = readMeta(db);
      return { generation, lastCommit: journalSeq, bytes: bytes.length, sha256: '', takenAt: statSync(file).mtime.toISOString() };
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

export function writeKeptCopy(files: DatabaseFiles, generation: number, bytes: Uint8Array): void {
  if (!existsSync(files.keptDir)) {
    mkdirSync(files.keptDir, { recursive: true });
    syncDirectory(files.dir);
  }
  replaceFileDurably(keptFile(files, generation), bytes);
}

/** Removes kept copies older than the oldest one still listed (rotation keeps the newest few). */
export function dropOlderCopies(files: DatabaseFiles, kept: readonly SnapshotFacts[]): void {
  const oldest = kept[0]?.generation;
  if (oldest === undefined) return;
  for (const generation of keptGenerations(files)) {
    if (generation < oldest) unlinkSync(keptFile(files, generation));
  }
}

/** The copy is where the manifest says, with its size (a stat, not a read). */
export function keptCopyIsThere(files: DatabaseFiles, facts: SnapshotFacts): boolean {
  const file = keptFile(files, facts.generation);
  return existsSync(file) && statSync(file).size === facts.bytes;
}
