import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { adviceFor } from './advice';
import { renameReplacing, syncDirectory } from './platform-fs';
import { StoreNeedsAttentionError } from './errors';
import { type DatabaseFiles, SET_ASIDE_FOLDER, earlierUnreadable, keptFile, keptGenerations, timeStamp } from './files';
import type { FileProblem } from './file-check';
import { type DatabaseName, listKeptCopies } from './kept';
import { type LoadedDatabase, loadDatabase } from './load';
import { readManifest } from './manifest';

/**
 * A database whose files do not match their manifest is not opened: the error names every file and
 * what to do, and nothing on disk changes. Only a database whose data can be fetched again (the
 * cache) is set aside and started empty, and that is said on stderr.
 */
export function refuseOpen(SQL: SqlJsStatic, files: DatabaseFiles, problems: readonly FileProblem[], startFresh: boolean): LoadedDatabase {
  if (!startFresh) {
    const manifest = readManifest(files.manifest, files.name);
    const kept = listKeptCopies(SQL, files, files.name as DatabaseName, manifest.kind === 'ok' ? manifest.manifest : undefined);
    throw new StoreNeedsAttentionError(files.name, problems, adviceFor(files.name, problems, kept));
  }
  const folder = setAsideDatabase(files, 'unreadable');
  console.warn(
    `voucher-desk: the ${files.name} database could not be used (${problems.map((p) => `${p.file}: ${p.problem}`).join(' ')}) ` +
      `Its files were moved to ${folder} and it starts empty; what it held is fetched again from the service.`,
  );
  const result = loadDatabase(SQL, files);
  if (!result.ok) throw new StoreNeedsAttentionError(files.name, result.problems, adviceFor(files.name, result.problems, []));
  return result.loaded;
}

/** A new timestamped folder under `set-aside/` for files moved out of the way (never deleted). */
export function newSetAsideFolder(dir: string, why: string): string {
  const root = join(dir, SET_ASIDE_FOLDER);
  let folder = join(root, `${timeStamp()}-${why}`);
  for (let n = 2; existsSync(folder); n += 1) folder = join(root, `${timeStamp()}-${why}-${n}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Moves a file into `folder` if it exists; answers its new path. */
export function moveInto(folder: string, file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const target = join(folder, basename(file));
  renameReplacing(file, target);
  return target;
}

/** Moves every file of one database (snapshot, journal, manifest, kept copies) into one new folder. */
export function setAsideDatabase(files: DatabaseFiles, why: string): string {
  const folder = newSetAsideFolder(files.dir, `${files.name}-${why}`);
  const kept = keptGenerations(files).map((generation) => keptFile(files, generation));
  for (const file of [files.snapshot, files.journal, files.manifest, ...kept, ...earlierUnreadable(files)]) moveInto(folder, file);
  syncDirectory(files.dir);
  return folder;
}
