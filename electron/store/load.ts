import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { isTempFileOf } from './durable-file';
import { errorText } from './errors';
import type { DatabaseFiles } from './files';
import { type FileProblem, type FileCheck, checkDatabaseFiles } from './file-check';
import type { JournalContents } from './journal';
import type { Manifest } from './manifest';
import { META_TABLE } from './migrations';
import { queryAll } from './statements';

export interface LoadedDatabase {
  db: SqlJsDatabase;
  /** Highest journal sequence number already in `db`. */
  seq: number;
  schemaVersion: number;
  /** Bytes of the journal file that hold whole commits (a torn tail is cut back). */
  journalBytes: number;
  /** No file existed: `db` is empty and has to be written once before it counts as saved. */
  fresh: boolean;
  /** Files of a version without manifests: the first checkpoint writes one. */
  legacy: boolean;
  manifest: Manifest | undefined;
  notes: string[];
}

export type LoadResult = { ok: true; loaded: LoadedDatabase; fileCheck: FileCheck } | { ok: false; fileCheck: FileCheck; problems: FileProblem[] };

/**
 * Checks every file of a database against its manifest, then reads the snapshot and replays the
 * journal. Nothing on disk is changed: on any problem the caller decides what to say.
 */
export function loadDatabase(SQL: SqlJsStatic, files: DatabaseFiles, options: { hashKept?: boolean } = {}): LoadResult {
  const fileCheck = checkDatabaseFiles(files, { hashKept: options.hashKept ?? false });
  if (fileCheck.problems.length > 0) return { ok: false, fileCheck, problems: fileCheck.problems };
  if (fileCheck.state === 'new' || !fileCheck.snapshot) {
    return { ok: true, fileCheck, loaded: { ...emptyDatabase(SQL), manifest: undefined, legacy: false, notes: fileCheck.notes } };
  }
  let db: SqlJsDatabase | undefined;
  let stage: 'snapshot' | 'journal' = 'snapshot';
  try {
    checkHeader(fileCheck.snapshot);
    db = new SQL.Database(fileCheck.snapshot);
    const meta = readMeta(db);
    stage = 'journal';
    const journal = fileCheck.journal ?? { entries: [], validBytes: 0, totalBytes: 0, tornBytes: 0 };
    const seq = replay(db, journal, meta.journalSeq);
    if (seq < fileCheck.mustReach) throw new Error(`it ends at commit ${seq}, but commit ${fileCheck.mustReach} was saved`);
    const loaded: LoadedDatabase = {
      db,
      seq,
      schemaVersion: meta.schemaVersion,
      journalBytes: journal.validBytes,
      fresh: false,
      legacy: fileCheck.state === 'legacy',
      manifest: fileCheck.manifest,
      notes: fileCheck.notes,
    };
    return { ok: true, loaded, fileCheck };
  } catch (error) {
    db?.close();
    const file = stage === 'snapshot' ? files.snapshot : files.journal;
    const what = stage === 'snapshot' ? 'The database file cannot be read' : 'The journal cannot be replayed on the database file';
    return { ok: false, fileCheck, problems: [{ file, problem: `${what}: ${errorText(error)}.` }] };
  }
}

function emptyDatabase(SQL: SqlJsStatic): Pick<LoadedDatabase, 'db' | 'seq' | 'schemaVersion' | 'journalBytes' | 'fresh'> {
  const db = new SQL.Database();
  db.run(`CREATE TABLE ${META_TABLE} (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
  db.run(`INSERT INTO ${META_TABLE} (key, value) VALUES ('schema_version', 0), ('journal_seq', 0)`);
  return { db, seq: 0, schemaVersion: 0, journalBytes: 0, fresh: true };
}

// A snapshot is always whole: a size that disagrees with the header means the file was cut short
// or overwritten by something else, which SQLite would otherwise only notice page by page.
export function checkHeader(bytes: Buffer): void {
  if (bytes.length < 100 || bytes.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') {
    throw new Error('it is not an SQLite database');
  }
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = bytes.readUInt32BE(28);
  if (bytes.readUInt32BE(92) === bytes.readUInt32BE(24) && pages * pageSize !== bytes.length) {
    throw new Error(`the file holds ${bytes.length} bytes but its header announces ${pages * pageSize}`);
  }
}

export function readMeta(db: SqlJsDatabase): { schemaVersion: number; journalSeq: number } {
  const rows = queryAll<{ key: string; value: number }>(db, `SELECT key, value FROM ${META_TABLE}`);
  const value = (key: string) => {
    const found = rows.find((row) => row.key === key)?.value;
    if (typeof found !== 'number') throw new Error(`the ${META_TABLE} table has no ${key}`);
    return found;
  };
  return { schemaVersion: value('schema_version'), journalSeq: value('journal_seq') };
}

function replay(db: SqlJsDatabase, journal: JournalContents, snapshotSeq: number): number {
  let seq = snapshotSeq;
  for (const entry of journal.entries) {
    if (entry.seq <= snapshotSeq) continue;
    if (entry.seq !== seq + 1) throw new Error(`commit ${seq + 1} is missing before commit ${entry.seq}`);
    db.run('BEGIN');
    try {
      for (const [sql, params] of entry.ops) db.run(sql, [...params]);
      db.run('COMMIT');
    } catch (error) {
      db.run('ROLLBACK');
      throw new Error(`commit ${entry.seq} cannot be replayed: ${errorText(error)}`, { cause: error });
    }
    seq = entry.seq;
  }
  return seq;
}

/**
 * Temp files of saves a crash interrupted (snapshot, manifest, kept copy); only called while
 * holding the lock, so none is in use.
 */
export function removeLeftoverTempFiles(files: DatabaseFiles): void {
  const leftovers = [
    ...tempFilesIn(files.dir, (name) => [files.snapshot, files.manifest].some((file) => isTempFileOf(file, join(files.dir, name)))),
    ...tempFilesIn(files.keptDir, (name) => new RegExp(`^${files.name}\\.\\d+\\.sqlite\\.tmp-`).test(name)),
  ];
  for (const file of leftovers) unlinkSync(file);
}

function tempFilesIn(dir: string, isTemp: (name: string) => boolean): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter(isTemp)
        .map((name) => join(dir, name))
    : [];
}
