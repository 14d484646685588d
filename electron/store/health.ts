import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { adviceFor } from './advice';
import { syncDirectory } from './platform-fs';
import { type DatabaseFiles, KEPT_FOLDER, PROJECTS_FILE, databaseFiles, earlierUnreadable } from './files';
import type { FileProblem } from './file-check';
import { DATABASE_NAMES, type DatabaseName, type KeptCopy, listKeptCopies } from './kept';
import { loadDatabase } from './load';
import { acquireLock } from './lock';
import { readManifest } from './manifest';
import { moveInto, newSetAsideFolder } from './refuse';
import { type RestoreOutcome, restoreKeptCopy } from './restore';
import { loadSqlJs } from './sqljs';
import { type Reader, readerOf } from './statements';

// The data folder's health, for `voucher-desk library ...` and the UI's "library needs attention"
// screen: what each database's files hold, which kept copies exist, and the two ways out. Files a
// database's owner keeps beside it (the outbox's request bodies) are its owner's to check: it hands
// them in as a DataDirPart (see data-folder/health.ts), so the store imports none of its owners.

export type { DatabaseName, KeptCopy } from './kept';
export type { FileProblem } from './file-check';
export type { RestoreOutcome } from './restore';

export interface DatabaseHealth {
  database: DatabaseName;
  ok: boolean;
  problems: FileProblem[];
  advice: string;
  keptCopies: KeptCopy[];
}

export interface DataDirHealth {
  dir: string;
  ok: boolean;
  databases: DatabaseHealth[];
}

/** Files a database's owner keeps beside it, checked with the database and set aside with it. */
export interface DataDirPart {
  database: DatabaseName;
  /** Its folders in the data folder, moved aside by startFresh. */
  folders: readonly string[];
  /** Problems of those files, given the database as it loaded. */
  check(dir: string, db: Reader): FileProblem[];
}

export const SETTINGS_FILE = 'settings.json';

/** Checks every file of every database (kept copies and the parts' files too); changes nothing. */
export async function checkDataDir(dir: string, parts: readonly DataDirPart[]): Promise<DataDirHealth> {
  const SQL = await loadSqlJs();
  const root = resolve(dir);
  const databases = DATABASE_NAMES.map((database) => checkDatabase(SQL, root, database, parts));
  return { dir: root, ok: databases.every((d) => d.ok), databases };
}

function checkDatabase(SQL: SqlJsStatic, dir: string, database: DatabaseName, parts: readonly DataDirPart[]): DatabaseHealth {
  const files = databaseFiles(dir, database);
  const result = loadDatabase(SQL, files, { hashKept: true });
  const problems = result.ok ? [] : [...result.problems];
  if (result.ok) {
    for (const part of parts) if (part.database === database) problems.push(...part.check(dir, readerOf(result.loaded.db)));
  }
  if (result.ok) result.loaded.db.close();
  problems.push(...result.fileCheck.keptProblems);
  const manifest = result.fileCheck.manifest;
  const keptCopies = listKeptCopies(SQL, files, database, manifest).filter(
    (copy) => !result.fileCheck.keptProblems.some((p) => p.file.endsWith(`${database}.${copy.id}.sqlite`)),
  );
  return { database, ok: problems.length === 0, problems, advice: adviceFor(database, problems, keptCopies), keptCopies };
}

/** The folder's small JSON files beside the databases, with what each is called in a report. */
const SETTINGS_FILES = [
  { name: SETTINGS_FILE, words: 'settings file' },
  { name: PROJECTS_FILE, words: 'projects file' },
] as const;

/**
 * Problems with settings.json and projects.json: unreadable JSON, or not an object. Missing is fine
 * (defaults; projects set up from the folder's old targets).
 */
export function checkSettings(dir: string): FileProblem[] {
  return SETTINGS_FILES.flatMap(({ name, words }) => {
    const file = join(resolve(dir), name);
    if (!existsSync(file)) return [];
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return [{ file, problem: `The ${words} does not hold ${words.split(' ')[0]}.` }];
      return [];
    } catch (error) {
      return [{ file, problem: `The ${words} is not readable JSON (${(error as Error).message}).` }];
    }
  });
}

/**
 * Puts a kept copy back as the database's file. What it replaces is moved into a set-aside folder;
 * the journal stays only when it continues the copy (then no commit after it is lost either).
 */
export async function restoreCopy(dir: string, database: DatabaseName, copyId: string): Promise<RestoreOutcome> {
  if (!DATABASE_NAMES.includes(database)) throw new Error(`There is no database "${String(database)}"; choose ${DATABASE_NAMES.join(', ')}`);
  const SQL = await loadSqlJs();
  const files = databaseFiles(resolve(dir), database);
  const release = acquireLock(files.snapshot);
  try {
    return restoreKeptCopy(SQL, files, database, copyId);
  } finally {
    release();
  }
}

/** Moves every file the app wrote into one new timestamped folder under `set-aside/`; deletes nothing. */
export async function startFresh(dir: string, parts: readonly DataDirPart[]): Promise<{ setAside: string[] }> {
  const root = resolve(dir);
  const all = DATABASE_NAMES.map((name) => databaseFiles(root, name));
  const releases: (() => void)[] = [];
  try {
    for (const files of all) releases.push(acquireLock(files.snapshot));
    const folder = newSetAsideFolder(root, 'start-fresh');
    const moved: string[] = [];
    for (const file of filesToSetAside(root, all, parts)) {
      const target = moveInto(folder, file);
      if (target) moved.push(target);
    }
    syncDirectory(root);
    return { setAside: moved };
  } finally {
    for (const release of releases) release();
  }
}

function filesToSetAside(root: string, all: readonly DatabaseFiles[], parts: readonly DataDirPart[]): string[] {
  const files = all.flatMap((f) => [f.snapshot, f.journal, f.manifest, f.listing, ...earlierUnreadable(f)]);
  const partFolders = parts.flatMap((part) => part.folders.map((folder) => join(root, folder)));
  return [...files, join(root, KEPT_FOLDER), ...partFolders, ...SETTINGS_FILES.map(({ name }) => join(root, name))];
}

/** For the UI and `library restore` without arguments: every kept copy of every database, newest first. */
export async function listCopies(dir: string): Promise<KeptCopy[]> {
  const SQL = await loadSqlJs();
  const root = resolve(dir);
  return DATABASE_NAMES.flatMap((database) => {
    const files = databaseFiles(root, database);
    const manifest = readManifest(files.manifest, database);
    return listKeptCopies(SQL, files, database, manifest.kind === 'ok' ? manifest.manifest : undefined);
  });
}
