import { BODIES_FOLDER, BodyFiles } from '../outbox/bodies';
import { type DataDirHealth, type DataDirPart, type FileProblem, checkDataDir as checkDatabases, startFresh as startFreshDatabases } from '../store/health';
import type { Reader } from '../store/statements';

// The whole data folder's health: the store checks each database's files and kept copies; the
// outbox's request bodies, kept beside the outbox database, are checked and set aside here, a
// layer above both, so the store stays unaware of the outbox.

export { checkSettings, listCopies, restoreCopy } from '../store/health';
export type { DataDirHealth, FileProblem, KeptCopy } from '../store/health';

/** The outbox's table of requests by its name since schema version 4, then by its name before. */
const REQUEST_TABLES = ['requests', 'chunks'] as const;

/** The request bodies of the operations still to finish: each must hold what was queued. */
const outboxBodies: DataDirPart = {
  database: 'outbox',
  folders: [BODIES_FOLDER],
  check(dir: string, db: Reader): FileProblem[] {
    // The check reads the file as it is, before any migration: an outbox last written before schema
    // version 4 still calls its requests `chunks`. A new outbox has no tables yet: nothing was queued.
    const table = REQUEST_TABLES.find((name) => db.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [name]).length > 0);
    if (table === undefined) return [];
    const rows = db.all<{ body_file: string; body_hash: string }>(
      `SELECT r.body_file, r.body_hash FROM ${table} r JOIN operations o ON o.id = r.op_id
       WHERE r.body_file IS NOT NULL AND o.state NOT IN ('done', 'failed', 'cancelled')`,
    );
    return new BodyFiles(dir).check(rows.map((r) => ({ bodyFile: r.body_file, bodyHash: r.body_hash })));
  },
};

const parts = [outboxBodies];

/** Checks every file of every database, kept copies and queued request files too; changes nothing. */
export function checkDataDir(dir: string): Promise<DataDirHealth> {
  return checkDatabases(dir, parts);
}

/** Moves every file the app wrote (request bodies too) into one new timestamped folder under `set-aside/`; deletes nothing. */
export function startFresh(dir: string): Promise<{ setAside: string[] }> {
  return startFreshDatabases(dir, parts);
}
