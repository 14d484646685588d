import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { refuseOpen } from './refuse';
import { prepareFile } from './durable-file';
import { StoreTooNewError, StoreWriteError, errorText } from './errors';
import { type DatabaseFiles, databaseFiles } from './files';
import { JournalWriter } from './journal';
import { KEPT_COPIES, dropOlderCopies, keptCopyIsThere, writeKeptCopy } from './kept';
import { type LoadedDatabase, loadDatabase, removeLeftoverTempFiles } from './load';
import { type KnownFiles, type ListingSpec, fileStamp } from './listing';
import { keepListing } from './listing-keep';
import { acquireLock } from './lock';
import { type Manifest, type SnapshotFacts, emptyJournal, sha256, writeManifest } from './manifest';
import { META_TABLE, type Migration, applyMigrations, checkMigrations, latestVersion, pendingMigrations } from './migrations';
import { databaseFile, loadSqlJs } from './sqljs';
import { type Params, type Reader, RecordingWriter, type Row, type Writer, queryAll, queryOne } from './statements';

export interface OpenDatabaseOptions {
  /** The data folder; created when missing. */
  dir: string;
  /** The file is `<dir>/<name>.sqlite`, its journal `<dir>/<name>.commits`. */
  name: string;
  migrations: readonly Migration[];
  /** When the files do not match their manifest: set them aside and start empty (the cache only). */
  startFresh?: boolean;
  /** A commit that records more than this many bytes of statements writes a snapshot instead. */
  journalRecordLimit?: number;
  /** The journal is folded into a new snapshot (a checkpoint) once it grows past this many bytes. */
  checkpointBytes?: number;
  /** ... or once its oldest commit is this old, so it is never the only copy for long. */
  checkpointSeconds?: number;
  /**
   * Lets the journal grow to this share of the snapshot's size before a checkpoint is due by size
   * (0: never past `checkpointBytes`). A checkpoint saves the whole file, so with a fixed limit a
   * long run of writes into a big file (a cache pull) saves it every few commits and costs time
   * that grows with the file; a share keeps the saving per byte written bounded, and opening
   * replays at most that share of the file again.
   */
  checkpointShare?: number;
  /** SQLite's page cache, in bytes (32 MiB unless given). */
  pageCacheBytes?: number;
  /** Kept up to date at close, for commands that only list (see listing.ts). */
  listing?: ListingSpec;
}

type Settings = Required<Pick<OpenDatabaseOptions, 'journalRecordLimit' | 'checkpointBytes' | 'checkpointSeconds' | 'checkpointShare' | 'pageCacheBytes'>>;

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
 * (the database file as SQLite holds it, temp file, fsync, rename). Writes run one at a time, in
 * call order. Reads are synchronous and see the latest committed state (during a long write, that
 * write's own rows too).
 */
export class StoreDatabase implements Reader {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private commits = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the oldest commit that is only in the journal was made (ms), if any is. */
  private journalSince: number | undefined;
  /** How long the last full save took (also by an earlier process: the command line opens often). */
  private lastCheckpointMs: number;
  /**
   * The snapshot and manifest as this process last checked (at open, stamped before reading) or wrote
   * them; a listing is written at close only if the files are still these.
   */
  private known: KnownFiles;

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly name: string,
    private readonly paths: DatabaseFiles,
    private db: SqlJsDatabase,
    private seq: number,
    private journal: JournalWriter,
    private manifest: Manifest | undefined,
    private readonly releaseLock: () => void,
    private readonly settings: Settings,
    /** What opening noticed that loses nothing (a crash tail dropped, a checkpoint finished). */
    readonly notes: readonly string[],
    known: KnownFiles,
    private readonly listing: ListingSpec | undefined,
  ) {
    this.known = known;
    this.lastCheckpointMs = manifest?.saveMs ?? 0;
    // Commits found in the journal were made after the last full save.
    if (journal.size > 0) this.journalSince = manifest ? Date.parse(manifest.current.takenAt) : Date.now();
  }

  get file(): string {
    return this.paths.snapshot;
  }

  get journalFile(): string {
    return this.paths.journal;
  }

  static async open(options: OpenDatabaseOptions): Promise<StoreDatabase> {
    checkMigrations(options.name, options.migrations);
    mkdirSync(options.dir, { recursive: true });
    const paths = databaseFiles(resolve(options.dir), options.name);
    const SQL = await loadSqlJs();
    const releaseLock = acquireLock(paths.snapshot);
    let loaded: LoadedDatabase | undefined;
    try {
      removeLeftoverTempFiles(paths);
      // Stamped before reading: a change made while the files are read shows as a different stamp at close.
      const stamped = { snapshot: fileStamp(paths.snapshot), manifest: fileStamp(paths.manifest) };
      const result = loadDatabase(SQL, paths);
      loaded = result.ok ? result.loaded : refuseOpen(SQL, paths, result.problems, options.startFresh ?? false);
      const known = latestVersion(options.migrations);
      if (loaded.schemaVersion > known) throw new StoreTooNewError(paths.snapshot, loaded.schemaVersion, known);
      const settings: Settings = {
        journalRecordLimit: options.journalRecordLimit ?? 256 * 1024,
        checkpointBytes: options.checkpointBytes ?? 4 * 1024 * 1024,
        checkpointSeconds: options.checkpointSeconds ?? 5,
        checkpointShare: options.checkpointShare ?? 0,
        pageCacheBytes: options.pageCacheBytes ?? 32 * 1024 * 1024,
      };
      configure(loaded.db, settings);
      const { schemaVersion, fresh, legacy } = loaded;
      const store = new StoreDatabase(
        SQL,
        options.name,
        paths,
        loaded.db,
        loaded.seq,
        new JournalWriter(paths.journal, loaded.journalBytes),
        loaded.manifest,
        releaseLock,
        settings,
        loaded.notes,
        stamped,
        options.listing,
      );
      loaded = undefined;
      // Nothing was lost (a crash tail, a checkpoint finished), but it is said where it happened.
      for (const note of store.notes) console.warn(`voucher-desk: ${note}`);
      await store.migrate(pendingMigrations(options.migrations, schemaVersion), fresh || legacy);
      return store;
    } catch (error) {
      loaded?.db.close();
      releaseLock();
      throw error;
    }
  }

  /** `mustSave`: the files on disk have no manifest yet (a new database, or one of an older version). */
  private async migrate(pending: readonly Migration[], mustSave: boolean): Promise<void> {
    if (pending.length === 0 && !mustSave) return;
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
      const tx = new RecordingWriter(this.db, this.settings.journalRecordLimit);
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

  /** Folds the journal into a fresh snapshot, kept as a copy too (a checkpoint). */
  compact(): Promise<void> {
    return this.serialize(async () => {
      this.assertOpen();
      this.checkpoint(true);
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

  /**
   * Leaves the files so that each can be checked on its own: a checkpoint when one is due, else the
   * journal's length and checksum sealed in the manifest; and the newest snapshot always kept.
   */
  close(): Promise<void> {
    return this.serialize(async () => {
      if (this.closed) return;
      this.closed = true;
      clearTimeout(this.timer);
      try {
        this.closeCheckpoint();
      } catch {
        // Every commit is already durable in the journal, which the next open checks line by line.
      }
      if (this.listing) keepListing(this.paths, this.known, this.listing, this.db);
      this.journal.close();
      this.db.close();
      this.releaseLock();
    });
  }

  private closeCheckpoint(): void {
    if (this.journal.size > 0 && this.checkpointDue()) this.checkpoint(true);
    else if (this.journal.size > 0) this.seal();
    else if (!this.currentIsKept()) this.checkpoint(true);
  }

  /** The newest kept copy is the current snapshot and is still there (a stat, not a read). */
  private currentIsKept(): boolean {
    const newest = this.manifest?.kept.at(-1);
    return !!newest && newest.generation === this.manifest?.current.generation && keptCopyIsThere(this.paths, newest);
  }

  private checkpointDue(): boolean {
    const share = this.settings.checkpointShare * (this.manifest?.current.bytes ?? 0);
    if (this.journal.size > Math.max(this.settings.checkpointBytes, share)) return true;
    const since = this.journalSince ?? Date.now();
    return Date.now() - since >= this.checkpointInterval();
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
    this.journalSince ??= Date.now();
    if (this.checkpointDue()) this.checkpointQuietly();
    else this.timer ??= setTimeout(() => void this.serialize(async () => this.timedCheckpoint()), this.checkpointInterval()).unref();
  }

  /**
   * A few seconds, or longer for a big database: a full save blocks writes while it runs, so its
   * share of the time stays under 5% (a 50 MB library takes about a second to save).
   */
  private checkpointInterval(): number {
    return Math.max(this.settings.checkpointSeconds * 1000, 20 * this.lastCheckpointMs);
  }

  private timedCheckpoint(): void {
    this.timer = undefined;
    if (!this.closed && this.journal.size > 0) this.checkpointQuietly();
  }

  private checkpointQuietly(): void {
    try {
      this.checkpoint(false);
    } catch {
      // The commits are already durable in the journal; the checkpoint is tried again after the next one.
    }
  }

  private commitWithSnapshot(): void {
    // The snapshot is exported from committed state, so commit first and undo by reloading on failure.
    this.db.run('COMMIT');
    try {
      this.checkpoint(false);
    } catch (error) {
      this.reloadFromDisk();
      throw new StoreWriteError(this.file, errorText(error));
    }
  }

  /**
   * Writes a full snapshot. Order matters for crashes: the snapshot goes to a temp file and the
   * kept copy is written, then the manifest naming both (and the snapshot before, still in place),
   * then the snapshot takes its name and the journal is cleared. Whatever point a crash stops at,
   * the next open finds files that match the manifest, and the journal still has what is missing.
   */
  private checkpoint(keep: boolean): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const started = Date.now();
    this.db.run(`UPDATE ${META_TABLE} SET value = ? WHERE key = 'journal_seq'`, [this.seq]);
    // The live file itself: hashed and written below before any SQL runs again.
    const bytes = databaseFile(this.db);
    const facts: SnapshotFacts = {
      generation: (this.manifest?.current.generation ?? 0) + 1,
      lastCommit: this.seq,
      bytes: bytes.length,
      sha256: sha256(bytes),
      takenAt: new Date().toISOString(),
    };
    const prepared = prepareFile(this.paths.snapshot, bytes);
    let kept = this.manifest?.kept ?? [];
    let manifest: Manifest;
    try {
      if (keep || this.keptCopyDue()) {
        writeKeptCopy(this.paths, facts.generation, bytes);
        kept = [...kept.filter((k) => keptCopyIsThere(this.paths, k)), facts].slice(-KEPT_COPIES);
      }
      const saveMs = Date.now() - started;
      manifest = { format: 1, database: this.name, current: facts, previous: this.manifest?.current ?? null, journal: emptyJournal(this.seq), kept, saveMs };
      writeManifest(this.paths.manifest, manifest);
    } catch (error) {
      prepared.abort();
      throw error;
    }
    prepared.commit();
    // Only now: had the rename failed, the file on disk would still be the manifest's `previous`.
    this.manifest = manifest;
    this.known = { snapshot: fileStamp(this.paths.snapshot), manifest: fileStamp(this.paths.manifest) };
    // From here the journal's commits are all inside the file (their seq <= journal_seq), so a
    // crash before the journal is cleared only leaves lines that replay will skip.
    this.journal.clear();
    this.journalSince = undefined;
    this.lastCheckpointMs = manifest.saveMs ?? 0;
    dropOlderCopies(this.paths, kept);
  }

  /** Kept copies are made at most every few seconds: big imports write many snapshots in a row. */
  private keptCopyDue(): boolean {
    const newest = this.manifest?.kept.at(-1);
    return !newest || Date.now() - Date.parse(newest.takenAt) >= this.checkpointInterval();
  }

  /** Records the journal as it is now, so a later cut or change of these bytes is seen at open. */
  private seal(): void {
    if (!this.manifest || this.manifest.journal.bytes === this.journal.size) return;
    const bytes = readFileSync(this.paths.journal).subarray(0, this.journal.size);
    const manifest: Manifest = { ...this.manifest, journal: { bytes: bytes.length, sha256: sha256(bytes), lastCommit: this.seq } };
    writeManifest(this.paths.manifest, manifest);
    this.manifest = manifest;
    this.known = { ...this.known, manifest: fileStamp(this.paths.manifest) };
  }

  private reloadFromDisk(): void {
    // What failed to be written may have left files this process did not check: no listing this time.
    this.known = {};
    this.db.close();
    this.journal.close();
    const result = loadDatabase(this.SQL, this.paths);
    const loaded = result.ok ? result.loaded : refuseOpen(this.SQL, this.paths, result.problems, false);
    configure(loaded.db, this.settings);
    this.db = loaded.db;
    this.seq = loaded.seq;
    this.manifest = loaded.manifest;
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

function configure(db: SqlJsDatabase, settings: Settings): void {
  // The database lives in memory; SQLite's own rollback journal only needs to support ROLLBACK.
  db.run('PRAGMA journal_mode = MEMORY');
  db.run('PRAGMA temp_store = MEMORY');
  // Pages that fall out of SQLite's cache go through the in-memory file system, which costs far
  // more than a cache hit during a big import; 32 MB, unless the database asks for another size,
  // keeps the hot index pages in the cache.
  db.run(`PRAGMA cache_size = ${-Math.ceil(settings.pageCacheBytes / 1024)}`);
}

export function openDatabase(options: OpenDatabaseOptions): Promise<StoreDatabase> {
  return StoreDatabase.open(options);
}
