import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { isTempFileOf } from './durable-file';
import { StoreCorruptError, StoreMovedAsideError, errorText } from './errors';
import { type JournalContents, JournalDamagedError, readJournal } from './journal';
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
}

const MOVED_ASIDE = '.unreadable-';

/**
 * Reads a database file and replays its journal. An unreadable file or journal is renamed aside
 * with a timestamp; then the open fails, unless the caller chose `startFresh`.
 */
export function loadDatabase(SQL: SqlJsStatic, file: string, journalFile: string, startFresh: boolean): LoadedDatabase {
  if (!existsSync(file)) return loadMissing(SQL, file, journalFile, startFresh);
  let db: SqlJsDatabase | undefined;
  try {
    const bytes = readFileSync(file);
    checkHeader(bytes);
    db = new SQL.Database(bytes);
    const meta = readMeta(db);
    const journal = readJournal(journalFile);
    const seq = replay(db, journal, meta.journalSeq);
    return { db, seq, schemaVersion: meta.schemaVersion, journalBytes: journal.validBytes, fresh: false };
  } catch (error) {
    db?.close();
    const reason = error instanceof JournalDamagedError ? `its journal ${journalFile} is damaged: ${error.message}` : errorText(error);
    const movedTo = moveAside(file, journalFile);
    if (!startFresh) throw new StoreCorruptError(file, movedTo, reason);
    return emptyDatabase(SQL);
  }
}

function loadMissing(SQL: SqlJsStatic, file: string, journalFile: string, startFresh: boolean): LoadedDatabase {
  const earlier = movedAsideCopies(file).at(-1);
  if (earlier && !startFresh) throw new StoreMovedAsideError(file, earlier);
  if (existsSync(journalFile) && readJournal(journalFile).entries.length > 0) {
    // Commits without the snapshot they follow cannot be replayed; keep them for a person to look at.
    const movedTo = moveAside(journalFile, journalFile);
    if (!startFresh) throw new StoreCorruptError(file, movedTo, 'the file is missing but its journal of later changes exists');
  }
  return emptyDatabase(SQL);
}

function emptyDatabase(SQL: SqlJsStatic): LoadedDatabase {
  const db = new SQL.Database();
  db.run(`CREATE TABLE ${META_TABLE} (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
  db.run(`INSERT INTO ${META_TABLE} (key, value) VALUES ('schema_version', 0), ('journal_seq', 0)`);
  return { db, seq: 0, schemaVersion: 0, journalBytes: 0, fresh: true };
}

// A snapshot is always whole: a size that disagrees with the header means the file was cut short
// or overwritten by something else, which SQLite would otherwise only notice page by page.
function checkHeader(bytes: Buffer): void {
  if (bytes.length < 100 || bytes.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') {
    throw new Error('not an SQLite database');
  }
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = bytes.readUInt32BE(28);
  if (bytes.readUInt32BE(92) === bytes.readUInt32BE(24) && pages * pageSize !== bytes.length) {
    throw new Error(`the file holds ${bytes.length} bytes but its header announces ${pages * pageSize}`);
  }
}

function readMeta(db: SqlJsDatabase): { schemaVersion: number; journalSeq: number } {
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
    if (entry.seq !== seq + 1) throw new JournalDamagedError(`commit ${seq + 1} is missing before commit ${entry.seq}`);
    db.run('BEGIN');
    try {
      for (const [sql, params] of entry.ops) db.run(sql, [...params]);
      db.run('COMMIT');
    } catch (error) {
      db.run('ROLLBACK');
      throw new JournalDamagedError(`commit ${entry.seq} cannot be replayed: ${errorText(error)}`);
    }
    seq = entry.seq;
  }
  return seq;
}

function moveAside(file: string, journalFile: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedTo = `${file}${MOVED_ASIDE}${stamp}`;
  if (existsSync(file)) renameSync(file, movedTo);
  if (journalFile !== file && existsSync(journalFile)) renameSync(journalFile, `${journalFile}${MOVED_ASIDE}${stamp}`);
  return movedTo;
}

function movedAsideCopies(file: string): string[] {
  const prefix = `${basename(file)}${MOVED_ASIDE}`;
  return readdirSync(dirname(file))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => join(dirname(file), name));
}

/** Temp files of saves a crash interrupted; only called while holding the lock, so none is in use. */
export function removeLeftoverTempFiles(file: string): void {
  for (const name of readdirSync(dirname(file))) {
    const candidate = join(dirname(file), name);
    if (isTempFileOf(file, candidate)) unlinkSync(candidate);
  }
}
