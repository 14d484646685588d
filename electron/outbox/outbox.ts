import type { FrozenBatch } from '../../shared/domain/batch-refusals';
import type { PlanRequest } from '../../shared/outbox/dry-run';
import { kindWord, parseOperation } from '../../shared/operations/all';
import {
  emptyCounts,
  nextRequestState,
  operationState,
  statesTaking,
  type RequestCounts,
  type RequestEvent,
  type RequestState,
} from '../../shared/outbox/states';
import { openOutbox } from '../store/databases';
import type { StoreDatabase } from '../store/database';
import type { Writer } from '../store/statements';
import { BodyChangedError, BodyFiles } from './bodies';
import { codesOfRequest } from './op-codes';
import type { FrozenRows } from './frozen-rows';
import { insertNotes, updateRequest, type RequestChanges, type RequestMove, type CodeNote } from './request-writes';
import { outboxListing } from './outbox-listing';
import { type OperationFilter, type OutboxReads, openIfAsked, planRequestOf, requestGroups } from './outbox-reads';
import { outboxMigrations } from './schema';
import {
  toRequest,
  toOperation,
  UNRECONCILED,
  type RequestRecord,
  type RequestRow,
  type CodeFailure,
  type NewOperation,
  type OperationRecord,
  type OperationRow,
  type OperationTally,
} from './records';

export type { RequestChanges, RequestMove, CodeNote } from './request-writes';
export type { NewRequest, NewOperation, OperationTally } from './records';

/** The request moves a cancel or a retry makes in bulk; each is checked against the state rules. */
type BulkEvent = Extract<RequestEvent, { type: 'cancel' | 'retry' | 'recheck' }>['type'];

export class OutboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxError';
  }
}

/**
 * The queue of operations and the durable state of each request. Every method that changes
 * something resolves only once the change is on disk.
 */
export class Outbox implements OutboxReads {
  private constructor(
    private readonly db: StoreDatabase,
    readonly bodies: BodyFiles,
    private readonly now: () => Date,
    private readonly frozen: FrozenRows | undefined,
  ) {}

  /** `frozen` reads the imports queued by reference; a command that never reads a request's codes leaves it out. */
  static async open(dataDir: string, options: { now?: () => Date; frozen?: FrozenRows } = {}): Promise<Outbox> {
    const db = await openOutbox(dataDir, outboxMigrations, outboxListing);
    const outbox = new Outbox(db, new BodyFiles(dataDir), options.now ?? (() => new Date()), options.frozen);
    // Reached only when the outbox opened clean (a refused one throws above), so "finished" is known.
    const finished = db.all<{ uid: string }>("SELECT uid FROM operations WHERE state IN ('done', 'failed', 'cancelled')");
    outbox.bodies.sweep(new Set(finished.map((r) => r.uid)));
    return outbox;
  }

  /** The batches' rows behind imports queued by reference. */
  frozenRows(): FrozenRows {
    if (this.frozen === undefined) throw new Error('The outbox was opened without the library, so the rows of a queued import cannot be read');
    return this.frozen;
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Every operation, or the open ones, of one project or of all. */
  operations(options: OperationFilter = {}): OperationRecord[] {
    const rows = (
      options.project === undefined
        ? this.db.all<OperationRow>('SELECT * FROM operations ORDER BY id')
        : this.db.all<OperationRow>('SELECT * FROM operations WHERE project = ? ORDER BY id', [options.project])
    ).map(toOperation);
    return openIfAsked(rows, options);
  }

  operation(id: number): OperationRecord {
    const row = this.db.get<OperationRow>('SELECT * FROM operations WHERE id = ?', [id]);
    if (!row) throw new OutboxError(`There is no operation ${id} in the outbox`);
    return toOperation(row);
  }

  requests(opId: number, states?: readonly RequestState[]): RequestRecord[] {
    const filter = states ? ` AND state IN (${states.map(() => '?').join(',')})` : '';
    return this.db.all<RequestRow>(`SELECT * FROM requests WHERE op_id = ?${filter} ORDER BY idx`, [opId, ...(states ?? [])]).map(toRequest);
  }

  request(opId: number, idx: number): RequestRecord {
    const row = this.db.get<RequestRow>('SELECT * FROM requests WHERE op_id = ? AND idx = ?', [opId, idx]);
    if (!row) throw new OutboxError(`Operation ${opId} has no request ${idx}`);
    return toRequest(row);
  }

  /** The first request of the operation in one of `states`, in order. */
  firstRequest(opId: number, states: readonly RequestState[]): RequestRecord | undefined {
    const row = this.db.get<RequestRow>(`SELECT * FROM requests WHERE op_id = ? AND state IN (${states.map(() => '?').join(',')}) ORDER BY idx LIMIT 1`, [
      opId,
      ...states,
    ]);
    return row ? toRequest(row) : undefined;
  }

  /** Adds an operation and all its requests in one durable write (the queue row and its cause together). */
  async enqueue(op: NewOperation): Promise<OperationRecord> {
    // Stored only as it will read back: the schema every reader applies is applied here first.
    const payload = JSON.stringify(op.payload);
    const readBack = parseOperation(op.kind, payload);
    if (!readBack.ok) throw new OutboxError(`The operation cannot be queued: ${readBack.reason}`);
    const at = this.now().toISOString();
    const counts = emptyCounts();
    counts.pending = op.requests.length;
    const id = await this.db.write((tx) => {
      tx.run(
        `INSERT INTO operations (uid, created_at, kind, payload, state, batch_id, depends_on, codes, request_counts, updated_at, project)
         VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?)`,
        [op.uid, at, op.kind, payload, op.batchId ?? null, JSON.stringify(op.dependsOn), op.codes, JSON.stringify(counts), at, op.project ?? null],
      );
      const opId = tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')?.id ?? 0;
      const insert = tx.prepare(
        `INSERT INTO requests (op_id, idx, state, code, row_no, body, body_file, rows_from, rows_to, body_hash, source_hash, codes, bytes)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      op.requests.forEach((c, idx) => {
        const { code, rowNo, body, bodyFile, rows, bodyHash, sourceHash } = c;
        insert.run([
          opId,
          idx,
          code ?? null,
          rowNo ?? null,
          body ?? null,
          bodyFile ?? null,
          rows?.from ?? null,
          rows?.to ?? null,
          bodyHash ?? null,
          sourceHash ?? null,
          c.codes,
          c.bytes,
        ]);
      });
      return opId;
    });
    return this.operation(id);
  }

  /**
   * Moves a request by `event` (checked against the state rules) and stores with it `changes`, its
   * per-code `failures`, and the codes found `present` on the service before this sync wrote them.
   */
  async move(
    opId: number,
    idx: number,
    event: RequestEvent,
    changes: RequestChanges = {},
    failures: readonly CodeNote[] = [],
    present: readonly CodeNote[] = [],
  ): Promise<RequestRecord> {
    await this.moveAll([{ opId, idx, event, changes, failures, present }]);
    return this.request(opId, idx);
  }

  /** Several moves in one durable write (one look settling every job it found finished): all or none. */
  async moveAll(moves: readonly RequestMove[]): Promise<void> {
    if (moves.length === 0) return;
    await this.db.write((tx) => {
      for (const { opId, idx, event, changes = {}, failures = [], present = [] } of moves) {
        const current = tx.get<{ state: RequestState }>('SELECT state FROM requests WHERE op_id = ? AND idx = ?', [opId, idx]);
        if (!current) throw new OutboxError(`Operation ${opId} has no request ${idx}`);
        const next = nextRequestState(current.state, event);
        updateRequest(tx, opId, idx, changes, next);
        insertNotes(tx, 'code_failures', opId, idx, failures);
        insertNotes(tx, 'codes_present', opId, idx, present);
        this.recount(tx, opId, current.state, next);
      }
    });
  }

  /** Stores fields of a request without moving it (look counts, next try). */
  async note(opId: number, idx: number, changes: RequestChanges): Promise<void> {
    await this.noteAll([{ opId, idx, changes }]);
  }

  /** Fields of several requests in one durable write (every job a look found running). */
  async noteAll(notes: readonly { opId: number; idx: number; changes: RequestChanges }[]): Promise<void> {
    if (notes.length === 0) return;
    await this.db.write((tx) => {
      for (const { opId, idx, changes } of notes) updateRequest(tx, opId, idx, changes, undefined);
    });
  }

  /**
   * Requests never sent whose saved files are damaged: they wait for the user with the error, and
   * nothing else waits for them. One that left `pending` meanwhile belongs to the sync, which checks
   * the same files before it sends, reconciles or looks, and sets it aside itself.
   */
  async setAside(requests: readonly { opId: number; idx: number; error: Error }[]): Promise<void> {
    if (requests.length === 0) return;
    const at = this.now().getTime();
    await this.db.write((tx) => {
      for (const { opId, idx, error } of requests) {
        const current = tx.get<{ state: RequestState }>('SELECT state FROM requests WHERE op_id = ? AND idx = ?', [opId, idx]);
        if (current?.state !== 'pending') continue;
        const next = nextRequestState(current.state, { type: 'needs-attention' });
        updateRequest(tx, opId, idx, { lastError: { name: error.name, message: error.message, at } }, next);
        this.recount(tx, opId, current.state, next);
      }
    });
  }

  /** A row whose payload cannot be read: kept, with the reason, and never run. */
  async deadLetter(opId: number, reason: string): Promise<void> {
    await this.db.write((tx) => {
      tx.run("UPDATE operations SET state = 'dead_letter', dead_reason = ?, updated_at = ? WHERE id = ?", [reason, this.stamp(), opId]);
    });
  }

  /** Cancels what was not sent; requests in flight or accepted run to their end. */
  async cancel(opId: number): Promise<OperationRecord> {
    await this.db.write((tx) => {
      const op = tx.get<OperationRow>('SELECT * FROM operations WHERE id = ?', [opId]);
      if (!op) throw new OutboxError(`There is no operation ${opId} in the outbox`);
      if (op.state === 'done' || op.state === 'failed' || op.state === 'cancelled') {
        throw new OutboxError(`Operation ${opId} is already ${op.state}; there is nothing to cancel`);
      }
      tx.run('UPDATE operations SET cancel_requested = 1 WHERE id = ?', [opId]);
      this.moveEvery(tx, opId, 'cancel');
      this.recount(tx, opId, undefined, undefined);
    });
    return this.operation(opId);
  }

  /**
   * Requests that needed attention are tried again. One that went out before may have been
   * carried out (the engine gave up on an answer it could not judge, or on a job it could not read),
   * so it goes back to `sending`: the next sync reconciles it before sending anything, and sends it
   * again at once only if it was not carried out. The user's own call after an ambiguous
   * reconciliation ("check its codes, then retry") sends it as it is.
   */
  async retry(opId: number): Promise<OperationRecord> {
    // A request whose saved body or code list is damaged, or whose batch rows are gone, would only come back to needs attention.
    const waiting = this.requests(opId, ['needs_attention']);
    const saved = waiting.flatMap((c) => (c.bodyFile !== null && c.bodyHash !== null ? [{ bodyFile: c.bodyFile, bodyHash: c.bodyHash }] : []));
    const damaged = this.bodies.check(saved)[0]?.problem ?? unreadableRows(this, waiting);
    if (damaged) throw new OutboxError(`Operation ${opId} cannot be retried. ${damaged}`);
    await this.db.write((tx) => {
      // Never sent, or checked by the user after an ambiguous reconciliation: sent as it is.
      const userChecked = `attempts = 0 OR json_extract(last_error, '$.name') = '${UNRECONCILED}'`;
      const resent = this.moveEvery(tx, opId, 'retry', { where: userChecked, set: 'next_try_at = NULL, first_try_at = NULL' });
      const rechecked = this.moveEvery(tx, opId, 'recheck', { set: 'next_try_at = NULL, first_try_at = NULL, last_error = NULL' });
      if (resent + rechecked === 0) throw new OutboxError(`Operation ${opId} has no request that needs attention`);
    });
    return this.operation(opId);
  }

  /**
   * Moves every request of the operation that `event` can move (and `where` picks) as the state rules
   * say, setting `set` along with the state; answers how many moved.
   */
  private moveEvery(tx: Writer, opId: number, event: BulkEvent, extra: { where?: string; set?: string } = {}): number {
    let moved = 0;
    for (const from of statesTaking(event)) {
      const to = nextRequestState(from, { type: event });
      const set = extra.set === undefined ? '' : `, ${extra.set}`;
      const where = extra.where === undefined ? '' : ` AND (${extra.where})`;
      const n = tx.run(`UPDATE requests SET state = ?${set} WHERE op_id = ? AND state = ?${where}`, [to, opId, from]);
      if (n > 0) this.recount(tx, opId, from, to, n);
      moved += n;
    }
    return moved;
  }

  /** Each request's state and size, in order, for the dry run (not its body). */
  requestSizes(opId: number): PlanRequest[] {
    return requestGroups(this.db, opId).map(planRequestOf);
  }

  /** Writes the database file in full now, as its periodic checkpoint does (tools and tests). */
  checkpoint(): Promise<void> {
    return this.db.compact();
  }

  failures(opId: number): CodeFailure[] {
    return this.notes('code_failures', opId);
  }

  failureCount(opId: number): number {
    return this.db.get<{ n: number }>('SELECT count(*) AS n FROM code_failures WHERE op_id = ?', [opId])?.n ?? 0;
  }

  /** Codes of the operation that were already on the service before this sync (with why that is known). */
  present(opId: number): CodeFailure[] {
    return this.notes('codes_present', opId);
  }

  presentCount(opId: number): number {
    return this.db.get<{ n: number }>('SELECT count(*) AS n FROM codes_present WHERE op_id = ?', [opId])?.n ?? 0;
  }

  /**
   * Per operation: what this sync carried out (codes created or added, codes deleted, a reward
   * created), codes found already on the service, and codes that failed. Finished requests only.
   */
  tallies(): Map<number, OperationTally> {
    const tallies = new Map<number, OperationTally>();
    const at = (opId: number): OperationTally => {
      let t = tallies.get(opId);
      if (!t) tallies.set(opId, (t = { applied: 0, present: 0, failed: 0 }));
      return t;
    };
    // Requests finished before these counts were kept have only the job's done_count, or nothing.
    for (const r of this.db.all<{ op_id: number; n: number | null }>(
      `SELECT op_id, sum(COALESCE(json_extract(result, '$.applied'), json_extract(result, '$.done_count'), CASE WHEN state = 'done' THEN codes ELSE 0 END)) AS n
       FROM requests WHERE state IN ('done', 'failed') GROUP BY op_id`,
    ))
      at(r.op_id).applied = r.n ?? 0;
    for (const r of this.db.all<{ op_id: number; n: number }>('SELECT op_id, count(*) AS n FROM codes_present GROUP BY op_id')) at(r.op_id).present = r.n;
    for (const r of this.db.all<{ op_id: number; n: number }>('SELECT op_id, count(*) AS n FROM code_failures GROUP BY op_id')) at(r.op_id).failed = r.n;
    return tallies;
  }

  tally(opId: number): OperationTally {
    return this.tallies().get(opId) ?? { applied: 0, present: 0, failed: 0 };
  }

  /** Codes of one request found on the service before it was (re)sent: they are left out of it. */
  presentCodes(opId: number, idx: number): Set<string> {
    return new Set(this.db.all<{ code: string }>('SELECT code FROM codes_present WHERE op_id = ? AND idx = ?', [opId, idx]).map((r) => r.code));
  }

  private notes(table: 'code_failures' | 'codes_present', opId: number): CodeFailure[] {
    return this.db
      .all<{ op_id: number; idx: number; row_no: number | null; code: string; reason: string }>(
        `SELECT op_id, idx, row_no, code, reason FROM ${table} WHERE op_id = ? ORDER BY idx, row_no, code`,
        [opId],
      )
      .map((r) => ({ opId: r.op_id, idx: r.idx, row: r.row_no, code: r.code, reason: r.reason }));
  }

  /** Per-code failures of every operation on a batch, for showing them against its rows. */
  failuresForBatch(batchId: number): CodeFailure[] {
    return this.operations()
      .filter((op) => op.batchId === batchId)
      .flatMap((op) => this.failures(op.id));
  }

  /** The open operation that freezes the batch, or undefined when it may change. */
  frozenBy(batchId: number): Omit<FrozenBatch, 'batchName'> | undefined {
    return frozenByIn(this.db, batchId);
  }

  /** Every async action id some request owns (a lost one is never matched to these). */
  claimedJobIds(): Set<string> {
    return new Set(this.db.all<{ id: string }>('SELECT async_action_id AS id FROM requests WHERE async_action_id IS NOT NULL').map((r) => r.id));
  }

  /** Binds the operations queued before projects to `project` (a folder's one-time migration). */
  async bindUnbound(project: string): Promise<void> {
    if (!this.db.get('SELECT 1 AS one FROM operations WHERE project IS NULL LIMIT 1')) return;
    await this.db.write((tx) => tx.run('UPDATE operations SET project = ? WHERE project IS NULL', [project]));
  }

  /** Open operations of a project, for the question asked before it is removed. */
  openCount(project: string): number {
    return (
      this.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM operations WHERE project = ? AND state NOT IN ('done', 'failed', 'cancelled', 'dead_letter')", [
        project,
      ])?.n ?? 0
    );
  }

  syncState(key: string): string | undefined {
    return this.db.get<{ value: string }>('SELECT value FROM sync_state WHERE key = ?', [key])?.value;
  }

  async setSyncState(key: string, value: string): Promise<void> {
    await this.db.write((tx) =>
      tx.run('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]),
    );
  }

  /** Counts `moved` requests from `from` to `to` (none: only the state is worked out again). */
  private recount(tx: Writer, opId: number, from: RequestState | undefined, to: RequestState | undefined, moved = 1): void {
    const row = tx.get<{ request_counts: string; cancel_requested: number; state: string }>(
      'SELECT request_counts, cancel_requested, state FROM operations WHERE id = ?',
      [opId],
    );
    if (!row) throw new OutboxError(`There is no operation ${opId} in the outbox`);
    const counts = JSON.parse(row.request_counts) as RequestCounts;
    if (from !== undefined && to !== undefined && from !== to) {
      counts[from] -= moved;
      counts[to] += moved;
    }
    const state = row.state === 'dead_letter' ? 'dead_letter' : operationState(counts, row.cancel_requested === 1);
    tx.run('UPDATE operations SET request_counts = ?, state = ?, updated_at = ? WHERE id = ?', [JSON.stringify(counts), state, this.stamp(), opId]);
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}

/**
 * Freezing is derived from the outbox alone: a batch is frozen while an operation on it is open.
 * Queueing changes only the outbox file, in one durable write, so no crash between the library and
 * the outbox files can leave a batch frozen without its operation, or an operation on a batch that
 * can still be edited.
 */
/** Why the first request queued by reference cannot have its codes read, if one cannot. */
function unreadableRows(outbox: Outbox, requests: readonly RequestRecord[]): string | undefined {
  for (const request of requests) {
    if (request.rowsFrom === null) continue;
    try {
      codesOfRequest(outbox, request);
    } catch (error) {
      if (error instanceof BodyChangedError) return error.message;
      throw error;
    }
  }
  return undefined;
}

function frozenByIn(reader: Pick<Writer, 'get'>, batchId: number): Omit<FrozenBatch, 'batchName'> | undefined {
  const open = reader.get<{ id: number; kind: string; state: string }>(
    "SELECT id, kind, state FROM operations WHERE batch_id = ? AND state NOT IN ('done', 'failed', 'cancelled', 'dead_letter') ORDER BY id LIMIT 1",
    [batchId],
  );
  if (!open) return undefined;
  return { batchId, operationId: open.id, operationKind: open.kind, operationWord: kindWord(open.kind), operationState: open.state };
}
