import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Where each database keeps its files inside the data folder. One place, so opening, checking,
// restoring and starting fresh always agree on what belongs to a database.

export const KEPT_FOLDER = 'kept-copies';
export const SET_ASIDE_FOLDER = 'set-aside';
/** The projects and which is current (electron/projects/project-file.ts reads and writes it). */
export const PROJECTS_FILE = 'projects.json';

export interface DatabaseFiles {
  dir: string;
  name: string;
  snapshot: string;
  journal: string;
  manifest: string;
  /** What a listing command reads instead of the database while the files are unchanged (see listing.ts). */
  listing: string;
  keptDir: string;
}

export function databaseFiles(dir: string, name: string): DatabaseFiles {
  return {
    dir,
    name,
    snapshot: join(dir, `${name}.sqlite`),
    journal: join(dir, `${name}.commits`),
    manifest: join(dir, `${name}.manifest.json`),
    listing: join(dir, `${name}.listing.json`),
    keptDir: join(dir, KEPT_FOLDER),
  };
}

export function keptFile(files: DatabaseFiles, generation: number): string {
  return join(files.keptDir, `${files.name}.${generation}.sqlite`);
}

/** Generations of the kept copies of one database found in the folder, oldest first. */
export function keptGenerations(files: DatabaseFiles): number[] {
  if (!existsSync(files.keptDir)) return [];
  const pattern = new RegExp(`^${files.name}\\.(\\d+)\\.sqlite$`);
  return readdirSync(files.keptDir)
    .map((name) => pattern.exec(name)?.[1])
    .filter((found): found is string => found !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Files an earlier version of the app renamed aside as unreadable (`<file>.unreadable-<time>`). */
export function earlierUnreadable(files: DatabaseFiles): string[] {
  const prefixes = [`${files.name}.sqlite.unreadable-`, `${files.name}.commits.unreadable-`];
  return readdirSync(files.dir)
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((name) => join(files.dir, name));
}

export function timeStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}
