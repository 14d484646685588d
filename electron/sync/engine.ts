import { mayRetry, retryDelay, type RetryPolicy } from '../../shared/api/backoff';
import type { Clock, VoucherClient } from '../../shared/api';
import { parseOperation, type ParsedOperation } from '../../shared/operations/all';
import { TERMINAL_OPERATION_STATES } from '../../shared/outbox/states';
import type { CodeNote, Outbox } from '../outbox/outbox';
import type { OperationRecord } from '../outbox/records';
import { OPERATIONS, reconcileWith, sendWith, type OperationRegistry } from '../operations/registry';
import { budgetKey } from './dry-run';
import { classify, errorRecord, type PauseReason, type Verdict } from './classify';
import type { SyncContext, Work } from '../operations/context';
import { JobWatch, LookFailed } from './job-watch';
import { sentCodesFailed } from './look';
import { progressOf, type SyncProgress } from './progress';

export type EngineStatus =
  { state: 'idle' } | { state: 'running' } | { state: 'paused'; reason: PauseReason; message: string } | { state: 'stopped' } | { state: 'finished' };

export type SyncEvent =
  | { type: 'status'; status: EngineStatus }
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'request'; opId: number; idx: number; step: 'send' | 'look' | 'reconcile'; outcome: string };

export interface EngineOptions {
  outbox: Outbox;
  client: VoucherClient;
  clock?: Clock;
  /** Waits between steps; tests pass one that advances a manual clock. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Sending again a write that reconciliation proved was not carried out: counted from the request's first try. */
  retry?: Partial<RetryPolicy>;
  /** Offline: try again after this long instead of staying paused (undefined: stay paused). */
  offlineRetryMs?: number;
  onEvent?: (event: SyncEvent) => void;
  /** The project (id) whose operations this sync sends; every operation when undefined (tools and tests driving one outbox). */
  project?: string;
  /** How each kind is sent and reconciled (electron/operations/registry.ts unless a test hands in another). */
  operations?: OperationRegistry;
}

const DEFAULT_WRITE_RETRY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 500, maxDelayMs: 30_000, deadlineMs: 10 * 60_000 };

const PROGRESS_INTERVAL_MS = 200;
const PROGRESS_WHILE_WAITING_MS = 1000;

type Step = { type: 'reconcile' | 'send'; work: Work } | { type: 'look'; work: Work; inFlight: Work[] } | { type: 'wait'; ms: number } | { type: 'finished' };

/**
 * Replays the outbox against the service, one request at a time, in queue order. Each step first
 * makes its intent durable (a request is `sending` before its request leaves), so after a crash at
 * any point the outbox says what may have happened, and an uncertain request is reconciled before
 * anything else is sent. Requests ready to go are sent before import jobs are looked at, so the
 * service has all the work early and one look covers every job in flight (see job-watch.ts).
 */
export class SyncEngine {
  private status: EngineStatus = { state: 'idle' };
  private stopRequested = false;
  private wake: (() => void) | undefined;
  private running: Promise<EngineStatus> | undefined;
  private readonly parsed = new Map<number, ParsedOperation>();
  private readonly ctx: SyncContext;
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly operations: OperationRegistry;
  private requests = 0;
  private lastProgressAt = 0;
  /** Operations open at some point of the current (or last) run: the ones its progress counts. */
  private readonly runOps = new Set<number>();
  private readonly jobs = new JobWatch();

  constructor(private readonly o: EngineOptions) {
    this.ctx = { outbox: o.outbox, client: o.client, clock: o.clock ?? { now: () => Date.now() } };
    this.retry = { ...DEFAULT_WRITE_RETRY, ...o.retry };
    this.random = o.random ?? Math.random;
    this.operations = o.operations ?? OPERATIONS;
  }

  current(): EngineStatus {
    return this.status;
  }

  /** Runs until every open operation is settled, the engine is stopped, or it pauses for a cause it cannot fix itself. */
  run(): Promise<EngineStatus> {
    // The budget last seen is kept whatever ends the run, for the next dry run's estimate.
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
      return this.saveBudget().catch(() => undefined);
    });
    return this.running;
  }

  pause(): void {
    this.setStatus({ state: 'paused', reason: 'user', message: 'Paused by the user' });
    this.wake?.();
  }

  /** After a pause (the user's, or once credentials, region or connection are fixed). */
  resume(): Promise<EngineStatus> {
    if (this.status.state === 'paused') this.setStatus({ state: 'running' });
    this.wake?.();
    return this.run();
  }

  /** Stops between requests (on quit); resolves once the current request has finished. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    this.wake?.();
    await this.running;
  }

  progress(): SyncProgress {
    const inRun = (op: OperationRecord): boolean => this.runOps.has(op.id) || !TERMINAL_OPERATION_STATES.has(op.state);
    return progressOf(this.o.outbox, this.o.client, this.requests, inRun, this.jobs.pace(this.ctx.clock.now()));
  }

  private async loop(): Promise<EngineStatus> {
    this.stopRequested = false;
    // A run resumed after a pause is the same sync: what it already did still counts.
    if (this.status.state !== 'paused') {
      this.runOps.clear();
      this.setStatus({ state: 'running' });
    }
    for (;;) {
      if (this.stopRequested) return this.setStatus({ state: 'stopped' });
      if (this.status.state === 'paused') {
        if (this.status.reason !== 'offline' || this.o.offlineRetryMs === undefined) return this.status;
        await this.sleep(this.o.offlineRetryMs);
        if (this.stopRequested) continue;
        this.setStatus({ state: 'running' });
      }
      const step = await this.nextStep();
      if (step.type === 'finished') {
        this.reportProgress(true);
        return this.setStatus({ state: 'finished' });
      }
      if (step.type === 'wait') {
        // While jobs run, progress is told every second (carried forward at the pace seen), not only at looks.
        await this.sleep(this.o.onEvent ? Math.min(step.ms, PROGRESS_WHILE_WAITING_MS) : step.ms);
        this.reportProgress(false);
        continue;
      }
      if (step.type === 'look') await this.look(step.work, step.inFlight);
      else await this.perform(step.type, step.work);
      this.reportProgress(false);
    }
  }

  private async perform(type: 'reconcile' | 'send', work: Work): Promise<void> {
    const { outbox } = this.o;
    const now = this.ctx.clock.now();
    try {
      if (type === 'send') {
        const request = await outbox.move(
          work.op.id,
          work.request.idx,
          { type: 'send' },
          {
            attempts: work.request.attempts + 1,
            sentAt: now,
            nextTryAt: null,
            firstTryAt: work.request.firstTryAt ?? now,
          },
        );
        this.requests += 1;
        await sendWith(this.operations, this.ctx, { ...work, request });
        if (outbox.request(work.op.id, work.request.idx).state === 'accepted') this.jobs.accepted(this.ctx.clock.now());
      } else {
        this.requests += 1;
        const found = await reconcileWith(this.operations, this.ctx, work, this.random);
        if (found.type === 'not-carried-out') await this.sendAgain(work, found.present);
      }
      this.emit({ type: 'request', opId: work.op.id, idx: work.request.idx, step: type, outcome: outbox.request(work.op.id, work.request.idx).state });
    } catch (error) {
      await this.handle(type, work, error, classify(error, type === 'send'));
    }
  }

  /** One look at every accepted job; a failed request is that job's look error. */
  private async look(due: Work, inFlight: Work[]): Promise<void> {
    try {
      await this.jobs.look(this.ctx, inFlight, () => {
        this.requests += 1;
      });
      this.emit({ type: 'request', opId: due.op.id, idx: due.request.idx, step: 'look', outcome: this.o.outbox.request(due.op.id, due.request.idx).state });
    } catch (error) {
      const work = error instanceof LookFailed ? error.work : due;
      const cause = error instanceof LookFailed ? error.cause : error;
      await this.handle('look', work, cause, classify(cause, false));
    }
  }

  /**
   * Reconciliation proved the write was not carried out: back to the queue. After an error answer it
   * waits as the retry policy says (a service that keeps failing is not hammered); after a crash it
   * goes at once. Past the policy's limits it waits for the user.
   */
  private async sendAgain(work: Work, present: CodeNote[]): Promise<void> {
    const { op, request } = work;
    const now = this.ctx.clock.now();
    const failedNow = request.lastError !== null && request.lastError.at >= (request.sentAt ?? 0);
    if (!failedNow) {
      await this.o.outbox.move(op.id, request.idx, { type: 'not-found' }, { nextTryAt: null }, [], present);
      return;
    }
    const waitMs = retryDelay(request.attempts, this.retry, this.random, undefined);
    if (mayRetry(request.attempts, now - (request.firstTryAt ?? now), waitMs, this.retry)) {
      await this.o.outbox.move(op.id, request.idx, { type: 'not-found' }, { nextTryAt: now + waitMs }, [], present);
    } else {
      await this.o.outbox.move(op.id, request.idx, { type: 'needs-attention' }, {}, [], present);
    }
  }

  private async handle(type: 'reconcile' | 'look' | 'send', work: Work, error: unknown, verdict: Verdict): Promise<void> {
    const { outbox } = this.o;
    const { op, request } = work;
    const now = this.ctx.clock.now();
    const lastError = errorRecord(error, now);
    this.emit({ type: 'request', opId: op.id, idx: request.idx, step: type, outcome: `${verdict.type}: ${lastError.message}` });
    const sending = type === 'send' && outbox.request(op.id, request.idx).state === 'sending';
    switch (verdict.type) {
      case 'pause':
        // The call was refused before it was carried out: the request goes back to the queue as it was.
        if (sending) await outbox.move(op.id, request.idx, { type: 'not-carried-out' }, { lastError, attempts: request.attempts });
        else await outbox.note(op.id, request.idx, { lastError });
        this.setStatus({ state: 'paused', reason: verdict.reason, message: verdict.message });
        return;
      case 'uncertain':
        // The request stays `sending`: the next step reconciles it before anything else is sent.
        await outbox.note(op.id, request.idx, { lastError });
        return;
      case 'retry': {
        const attempts = type === 'send' ? request.attempts + 1 : request.looks + 1;
        const waitMs = retryDelay(attempts, this.retry, this.random, verdict.retryAfterMs);
        if (sending) await outbox.move(op.id, request.idx, { type: 'not-carried-out' }, { lastError, nextTryAt: now + waitMs });
        else await outbox.note(op.id, request.idx, { lastError, nextTryAt: now + waitMs });
        return;
      }
      case 'refused':
        await outbox.move(op.id, request.idx, { type: 'failed' }, { lastError }, sentCodesFailed(outbox, request, lastError.message));
        return;
      case 'attention':
        await outbox.move(op.id, request.idx, { type: 'needs-attention' }, { lastError });
        return;
    }
  }

  /** The operation's payload, read once; an unreadable one is dead-lettered by the caller, never deleted. */
  private operation(op: OperationRecord): ParsedOperation | { reason: string } {
    const cached = this.parsed.get(op.id);
    if (cached) return cached;
    const result = parseOperation(op.kind, op.payload);
    if (!result.ok) return { reason: result.reason };
    this.parsed.set(op.id, result.op);
    return result.op;
  }

  /** Uncertain requests first, then the next request of the first operation free to go, then a look at the jobs in flight. */
  private async nextStep(): Promise<Step> {
    const { outbox } = this.o;
    const now = this.ctx.clock.now();
    const open = outbox.operations({ open: true, project: this.o.project });
    for (const op of open) this.runOps.add(op.id);
    const ready: { op: OperationRecord; parsed: ParsedOperation }[] = [];
    for (const op of open) {
      const parsed = this.operation(op);
      if ('reason' in parsed) {
        await outbox.deadLetter(op.id, parsed.reason);
        continue;
      }
      ready.push({ op, parsed });
    }
    let wait = Number.POSITIVE_INFINITY;
    for (const { op, parsed } of ready) {
      const request = outbox.firstRequest(op.id, ['sending']);
      if (request) {
        if (request.nextTryAt !== null && request.nextTryAt > now) wait = Math.min(wait, request.nextTryAt - now);
        else return { type: 'reconcile', work: { op, parsed, request } };
      }
    }
    const states = new Map(outbox.operations().map((op) => [op.id, op.state]));
    for (const { op, parsed } of ready) {
      if (op.cancelRequested) continue;
      const blocked = op.dependsOn.some((id) => {
        const state = states.get(id);
        return state !== undefined && !TERMINAL_OPERATION_STATES.has(state) && state !== 'dead_letter';
      });
      if (blocked) continue;
      const request = outbox.firstRequest(op.id, ['pending']);
      if (!request) continue;
      const due = request.nextTryAt ?? now;
      if (due <= now) return { type: 'send', work: { op, parsed, request } };
      wait = Math.min(wait, due - now);
    }
    const inFlight = ready.flatMap(({ op, parsed }) => outbox.requests(op.id, ['accepted']).map((request) => ({ op, parsed, request })));
    for (const work of inFlight) {
      const due = work.request.nextTryAt ?? now;
      if (due <= now) return { type: 'look', work, inFlight };
      wait = Math.min(wait, due - now);
    }
    return Number.isFinite(wait) ? { type: 'wait', ms: wait } : { type: 'finished' };
  }

  private async saveBudget(): Promise<void> {
    const budget = this.o.client.rateBudget();
    if (budget)
      await this.o.outbox.setSyncState(
        budgetKey(this.o.project),
        JSON.stringify({ limit: budget.limit, remaining: budget.remaining, seenAt: this.ctx.clock.now() }),
      );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (): void => {
        if (settled) return;
        settled = true;
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      void (this.o.sleep ?? ((t: number) => new Promise((r) => setTimeout(r, t))))(ms).then(done);
    });
  }

  /** At most a few progress events a second: each one reads the outbox. */
  private reportProgress(force: boolean): void {
    const now = Date.now();
    if (!this.o.onEvent || (!force && now - this.lastProgressAt < PROGRESS_INTERVAL_MS)) return;
    this.lastProgressAt = now;
    this.emit({ type: 'progress', progress: this.progress() });
  }

  private setStatus(status: EngineStatus): EngineStatus {
    this.status = status;
    this.emit({ type: 'status', status });
    return status;
  }

  private emit(event: SyncEvent): void {
    this.o.onEvent?.(event);
  }
}
