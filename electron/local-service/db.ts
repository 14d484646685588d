import { existsSync, readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import type { Database } from 'sql.js';
import { loadSqlJs } from '../store/sqljs';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs (kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (kind, id));
CREATE INDEX IF NOT EXISTS docs_seq ON docs (kind, seq);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, campaign_id TEXT, data TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS vouchers_campaign ON vouchers (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS bin (id TEXT PRIMARY KEY, code TEXT NOT NULL, deleted_at TEXT NOT NULL, data TEXT NOT NULL);
`;

/** How long after the last write the file is rewritten; bulk jobs write in bursts. */
const SAVE_DELAY_MS = 1_000;

export interface SandboxDb {
  db: Database;
  isNew: boolean;
  /** Kept in a file (not in memory only): what is saved must be in `db`. */
  persistent: boolean;
  /** Schedules a save of the file (a no-op in memory). */
  touched(): void;
  /** Saves now; rejects when the file cannot be written. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function openSandboxDb(dataFile: string | undefined): Promise<SandboxDb> {
  const SQL = await loadSqlJs();
  const exists = dataFile !== undefined && existsSync(dataFile);
  const db = exists ? new SQL.Database(readFileSync(dataFile)) : new SQL.Database();
  db.run(SCHEMA);
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();

  const save = (): Promise<void> => {
    timer = undefined;
    if (!dataFile) return saving;
    const bytes = db.export();
    saving = saving.catch(() => undefined).then(() => writeDurably(dataFile, bytes));
    return saving;
  };

  return {
    db,
    isNew: !exists,
    persistent: dataFile !== undefined,
    touched() {
      if (dataFile && !timer) {
        timer = setTimeout(() => {
          // A failed background save is reported and retried on the next change; serving goes on.
          save().catch((error: Error) => {
            console.error(`sandbox: could not save ${dataFile}: ${error.message}`);
          });
        }, SAVE_DELAY_MS);
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      return save();
    },
    async close() {
      if (timer) clearTimeout(timer);
      try {
        await save();
      } finally {
        db.close();
      }
    },
  };
}

/** Temp file, fsync, rename: a crash leaves either the old file or the new one, never half of one. */
async function writeDurably(file: string, bytes: Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
