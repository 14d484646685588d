import { existsSync, readFileSync } from 'node:fs';
import type { SqlJsStatic } from 'sql.js';
import { prepareFile, replaceFileDurably } from './durable-file';
import { syncDirectory } from './platform-fs';
import { type DatabaseFiles, keptFile, keptGenerations } from './files';
import { type JournalEntry, readJournalPrefix } from './journal';
import { type DatabaseName, type KeptCopy, toKeptCopy, unlistedFacts } from './kept';
import { checkHeader, readMeta } from './load';
import { type Manifest, type SnapshotFacts, emptyJournal, readManifest, sha256, writeManifest } from './manifest';
import { moveInto, newSetAsideFolder } from './refuse';
import { readGrowable } from './sqljs';

export interface RestoreOutcome {
  restored: KeptCopy;
  /** Commits of the journal replayed on top of the copy: kept, not lost. */
  journalCommits: number;
  /** Commits known to have been made (by the old manifest or journal) that the restored database lacks. */
  lostCommits: number;
  /** The journal was missing, damaged or cut short, or the manifest unreadable: later changes may be lost that nothing counts. */
  uncounted: boolean;
  setAside: string[];
}

/** Called with the database's lock held. */
export function restoreKeptCopy(SQL: SqlJsStatic, files: DatabaseFiles, database: DatabaseName, copyId: string): RestoreOutcome {
  const generation = /^\d+$/.test(copyId) ? Number(copyId) : Number.NaN;
  const file = keptFile(files, generation);
  if (!Number.isSafeInteger(generation) || !existsSync(file)) {
    throw new Error(`There is no kept copy "${copyId}" of the ${database} database; "voucher-desk library restore" lists them`);
  }
  const old = readManifest(files.manifest, database);
  const listed = old.kind === 'ok' ? old.manifest.kept : [];
  const copy = verifiedFacts(SQL, file, generation, listed);
  if (!copy) throw new Error(`The kept copy ${file} is damaged too (it fails its checksum or SQLite's check); choose another one`);
  const bytes = readFileSync(file);
  const found = readOldJournal(files);
  const journal = continuingJournal(SQL, file, copy.lastCommit, found);
  // A journal damaged after its good lines is set aside whole; its good lines start the new one.
  const journalStays = journal !== undefined && found?.damage === undefined;

  const folder = newSetAsideFolder(files.dir, `${database}-before-restore`);
  const setAside = [files.snapshot, files.manifest, ...(journalStays ? [] : [files.journal])]
    .map((path) => moveInto(folder, path))
    .filter((path): path is string => path !== undefined);
  const kept = keptGenerations(files)
    .map((g) => verifiedFacts(SQL, keptFile(files, g), g, listed))
    .filter((facts): facts is SnapshotFacts => facts !== undefined);
  const current: SnapshotFacts = { ...copy, generation: Math.max(...kept.map((k) => k.generation), generation) + 1, takenAt: new Date().toISOString() };
  const snapshot = prepareFile(files.snapshot, bytes);
  if (!journalStays) replaceFileDurably(files.journal, found && journal ? found.bytes.subarray(0, journal.bytes) : new Uint8Array());
  const manifest: Manifest = {
    format: 1,
    database,
    current,
    previous: null,
    journal: journal ?? emptyJournal(copy.lastCommit),
    kept,
  };
  writeManifest(files.manifest, manifest);
  snapshot.commit();
  syncDirectory(files.dir);
  const reached = journal?.lastCommit ?? copy.lastCommit;
  const known = Math.max(
    old.kind === 'ok' ? Math.max(old.manifest.current.lastCommit, old.manifest.journal.lastCommit) : 0,
    ...(found?.entries.map((e) => e.seq) ?? []),
  );
  return {
    restored: toKeptCopy(database, copy),
    journalCommits: reached - copy.lastCommit,
    lostCommits: Math.max(0, known - reached),
    uncounted: found === undefined || found.damage !== undefined || old.kind !== 'ok' || found.bytes.length < old.manifest.journal.bytes,
    setAside,
  };
}

/** The copy's facts when it is whole: by the manifest's checksum if listed there, else by SQLite's check. */
function verifiedFacts(SQL: SqlJsStatic, file: string, generation: number, listed: readonly SnapshotFacts[]): SnapshotFacts | undefined {
  const facts = listed.find((k) => k.generation === generation);
  if (!facts) {
    const found = unlistedFacts(SQL, file, generation);
    return found && { ...found, sha256: sha256(readFileSync(file)) };
  }
  const bytes = readFileSync(file);
  return bytes.length === facts.bytes && sha256(bytes) === facts.sha256 ? facts : undefined;
}

interface OldJournal {
  bytes: Buffer;
  /** The whole lines before any damage. */
  entries: JournalEntry[];
  validBytes: number;
  damage?: string;
}

function readOldJournal(files: DatabaseFiles): OldJournal | undefined {
  if (!existsSync(files.journal)) return undefined;
  const bytes = readFileSync(files.journal);
  return { bytes, ...readJournalPrefix(bytes) };
}

/** The journal's good lines as the new manifest should seal them, when they replay cleanly on top of the copy. */
function continuingJournal(SQL: SqlJsStatic, file: string, lastCommit: number, found: OldJournal | undefined): Manifest['journal'] | undefined {
  if (!found) return undefined;
  const later = found.entries.filter((e) => e.seq > lastCommit);
  if (later.length === 0 || later.some((e, i) => e.seq !== lastCommit + 1 + i)) return undefined;
  try {
    // Read again rather than copied: sql.js keeps and changes the array it opens, and the bytes to
    // be restored must stay as they are.
    const bytes = readGrowable(file);
    checkHeader(bytes);
    const db = new SQL.Database(bytes);
    try {
      if (readMeta(db).journalSeq !== lastCommit) return undefined;
      for (const entry of later) {
        db.run('BEGIN');
        for (const [sql, params] of entry.ops) db.run(sql, [...params]);
        db.run('COMMIT');
      }
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
  const whole = found.bytes.subarray(0, found.validBytes);
  return { bytes: whole.length, sha256: sha256(whole), lastCommit: later.at(-1)?.seq ?? lastCommit };
}
