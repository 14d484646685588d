import type { Database } from 'sql.js';
import { readMeta, writeMeta } from './meta';

/**
 * What a seeded history is made from. The history is deterministic, so a data file keeps these
 * three numbers instead of 100,000 rows and the sandbox rebuilds the publications when it opens it.
 */
export interface HistorySpec {
  count: number;
  endMs: number;
  /** Bumped whenever the generator changes what it makes, so an old file is not silently rebuilt differently. */
  generator: number;
  /** The seed variant (a project's name); absent for the familiar seed. */
  tag?: string;
}

export const HISTORY_GENERATOR = 1;
const KEY = 'publication_history';

export function saveHistorySpec(db: Database, spec: HistorySpec): void {
  writeMeta(db, KEY, JSON.stringify(spec));
}

/** The file's history spec, if it was seeded with one; throws when another generator made it. */
export function loadHistorySpec(db: Database): HistorySpec | undefined {
  const text = readMeta(db, KEY);
  if (text === undefined) return undefined;
  const spec = JSON.parse(text) as HistorySpec;
  if (spec.generator !== HISTORY_GENERATOR) {
    throw new Error(
      `its publication history was seeded by generator ${spec.generator} and this sandbox has generator ${HISTORY_GENERATOR}; ` +
        'start on a new data file to seed the history again',
    );
  }
  return spec;
}
