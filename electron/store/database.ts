import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { replaceFileDurably } from './durable-file';
import { StoreTooNewError, StoreWriteError, errorText } from './errors';
import { JournalWriter } from './journal';
import { type LoadedDatabase, loadDatabase, removeLeftoverTempFiles } from './load';
import { acquireLock } from './lock';
import { META_TABLE, type Migration, applyMigrations, checkMigrations, latestVersion, pendingMigrations } from './migrations';
import { loadSqlJs } from './sqljs';
import { type Params, type Reader, RecordingWriter, type Row, type Writer, queryAll, queryOne } from './statements';

export interface OpenDatabaseOptions {
  /** The data folder; created when missing. */
  dir: string;
  /** The file is `<dir>/<name>.sqlite`, its journal `<dir>/<name>.commits`. */
  name: string;
  migrations: readonly Migration[];
  /** When the file is unreadable: move it aside and start an empty database instead of failing. */
  startFresh?: boolean;
  /** A commit that records more than this many bytes of statements writes a snapshot instead. */
  journalRecordLimit?: number;
  /** The journal is folded into a new snapshot once it grows past this many bytes. */
  journalCompactBytes?: number;
}

export interface WriteOptions {
  /** Write a whole snapshot even for a small change (used after migrations). */
  snapshot?: boolean;
}

export interface StoreFiles {
  file: string;
  fileBytes: number;
  journalFile: string;
  journalBytes: number;
}

/**
 * A sql.js database kept in memory and saved to disk. Every `write` is durable when its promise
 * resolves: a small one as a line appended to the journal and fsynced, a big one as a new snapshot
 * (export, temp file, fsync, rename). Writes run one at a time, in call order. Reads are
 * synchronous and see the latest committed state (during a long write, that write's own rows too).
 */
export class StoreDatabase implements Reader {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private commits = 0;

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly name: string,
    readonly file: string,
    readonly journalFile: string,
    private db: SqlJsDatabase,
    private seq: number,
    private journal: JournalWriter,
    private readonly releaseLock: () => void,
    private readonly options: Required<Pick<OpenDatabaseOptions, 'journalRecordLimit' | 'journalCompactBytes' | 'startFresh'>>,
  ) {}

  static async open(options: OpenDatabaseOptions): Promise<StoreDatabase> {
    checkMigrations(options.name, options.migrations);
    mkdirSync(options.dir, { recursive: true });
    const file = join(options.dir, `${options.name}.sqlite`);
    const journalFile = join(options.dir, `${options.name}.commits`);
    const SQL = await loadSqlJs();
    const releaseLock = acquireLock(file);
    let loaded: LoadedDatabase | undefined;
    try {
      removeLeftoverTempFiles(file);
      loaded = loadDatabase(SQL, file, journalFile, options.startFresh ?? false);
      const known = latestVersion(options.migrations);
      if (loaded.schemaVersion > known) throw new StoreTooNewError(file, loaded.schemaVersion, known);
      configure(loaded.db);
      const { schemaVersion, fresh } = loaded;
      const store = new StoreDatabase(
        SQL,
        options.name,
        file,
        journalFile,
        loaded.db,
        loaded.seq,
        new JournalWriter(journalFile, loaded.journalBytes),
        releaseLock,
        {
          startFresh: options.startFresh ?? false,
          journalRecordLimit: options.journalRecordLimit ?? 256 * 1024,
          journalCompactBytes: options.journalCompactBytes ?? 8 * 1024 * 1024,
        },
      );
      loaded = undefined;
      await store.migrate(pendingMigrations(options.migrations, schemaVersion), fresh);
      return store;
    } catch (error) {
      loaded?.db.close();
      releaseLock();
      throw error;
    }
  }

  private async migrate(pending: readonly Migration[], fresh: boolean): Promise<void> {
    if (pending.length === 0 && !fresh) return;
    try {
      await this.write((tx) => applyMigrations(tx, pending), { snapshot: true });
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /** Goes up with every committed write: a cheap key for caching what was read since. */
  get commitCount(): number {
    return this.commits;
  }

  get schemaVersion(): number {
    return this.get<{ value: number }>(`SELECT value FROM ${META_TABLE} WHERE key = 'schema_version'`)?.value ?? 0;
  }

  all<T extends Row = Row>(sql: string, params?: Params): T[] {
    this.assertOpen();
    return queryAll<T>(this.db, sql, params);
  }

  get<T extends Row = Row>(sql: string, params?: Params): T | undefined {
    this.assertOpen();
    return queryOne<T>(this.db, sql, params);
  }

  /**
   * Runs `fn` in one transaction and makes the result durable before resolving. If `fn` throws or
   * rejects, nothing is kept. If saving fails, the in-memory state is reloaded from disk and the
   * promise rejects with a StoreWriteError.
   */
  write<T>(fn: (tx: Writer) => T | Promise<T>, options: WriteOptions = {}): Promise<T> {
    return this.serialize(async () => {
      this.assertOpen();
      const tx = new RecordingWriter(this.db, this.options.journalRecordLimit);
      this.db.run('BEGIN');
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        tx.finish();
        this.db.run('ROLLBACK');
        throw error;
      }
      tx.finish();
      if (!tx.changed && !options.snapshot) {
        this.db.run('COMMIT');
        return result;
      }
      this.commits += 1;
      if (options.snapshot || tx.overflowed) this.commitWithSnapshot();
      else this.commitToJournal(tx);
      return result;
    });
  }

  /** Runs `fn` while no write can start, e.g. to read a consistent view page by page. */
  exclusive<T>(fn: (reader: Reader) => Promise<T>): Promise<T> {
    return this.serialize(async () => {
      this.assertOpen();
      return fn(this);
    });
  }

  /** Folds the journal into a fresh snapshot. */
  compact(): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      this.saveSnapshot();
    });
  }

  files(): StoreFiles {
    return {
      file: this.file,
      fileBytes: statSync(this.file).size,
      journalFile: this.journalFile,
      journalBytes: this.journal.size,
    };
  }

  close(): Promise<void> {
    return this.serialize(async () => {
      if (this.closed) return;
      this.closed = true;
      this.journal.close();
      this.db.close();
      this.releaseLock();
    });
  }

  private commitToJournal(tx: RecordingWriter): void {
    const seq = this.seq + 1;
    try {
      this.journal.append({ seq, ops: tx.ops });
    } catch (error) {
      this.db.run('ROLLBACK');
      throw new StoreWriteError(this.journalFile, errorText(error));
    }
    this.db.run('COMMIT');
    this.seq = seq;
    if (this.journal.size > this.options.journalCompactBytes) {
      try {
        this.saveSnapshot();
      } catch {
        // The commit is already durable in the journal; compaction is tried again after the next one.
      }
    }
  }

  private commitWithSnapshot(): void {
    // The snapshot is exported from committed state, so commit first and undo by reloading on failure.
    this.db.run('COMMIT');
    try {
      this.saveSnapshot();
    } catch (error) {
      this.reloadFromDisk();
      throw new StoreWriteError(this.file, errorText(error));
    }
  }

  private saveSnapshot(): void {
    this.db.run(`UPDATE ${META_TABLE} SET value = ? WHERE key = 'journal_seq'`, [this.seq]);
    replaceFileDurably(this.file, this.db.export());
    // From here the journal's commits are all inside the file (their seq <= journal_seq), so a
    // crash before the journal is cleared only leaves lines that replay will skip.
    this.journal.clear();
  }

  private reloadFromDisk(): void {
    this.db.close();
    this.journal.close();
    const loaded = loadDatabase(this.SQL, this.file, this.journalFile, false);
    configure(loaded.db);
    this.db = loaded.db;
    this.seq = loaded.seq;
    this.journal = new JournalWriter(this.journalFile, loaded.journalBytes);
  }

  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`The ${this.name} database is closed`);
  }
}

function configure(db: SqlJsDatabase): void {
  // The database lives in memory; SQLite's own rollback journal only needs to support ROLLBACK.
  db.run('PRAGMA journal_mode = MEMORY');
  db.run('PRAGMA temp_store = MEMORY');
  // Pages that fall out of SQLite's cache go through the in-memory file system, which costs far
  // more than a cache hit during a big import; 32 MB keeps the hot index pages in the cache.
  db.run('PRAGMA cache_size = -32768');
}

export function openDatabase(options: OpenDatabaseOptions): Promise<StoreDatabase> {
  return StoreDatabase.open(options);
}
