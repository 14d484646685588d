import { performance } from 'node:perf_hooks';
import type { DocStore } from './docs';
import { newId } from './http';
import type { Clock } from './types';

export type JobStatus = 'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED';

export interface AsyncAction {
  id: string;
  type: string;
  status: JobStatus;
  operation_status: 'SUCCESS' | 'FAILED' | 'UNKNOWN';
  created_at: string;
  updated_at: string;
  request_id: string;
  processing_time: number;
  progress: number;
  object: 'async_action';
  result: unknown;
}

/** A bulk job cut into portions: `step` handles up to `n` more items and says how many it handled. */
export interface JobWork {
  total: number;
  step(n: number): number;
  /** The result object once every item is handled; `failed` when the job as a whole failed. */
  finish(): { result: unknown; failed: boolean; allItemsFailed: boolean };
}

/** One portion of some work; true once the work is finished. */
export type Portion = () => boolean;

interface Running {
  action: AsyncAction;
  work: JobWork;
  done: number;
  startedMs: number;
}

/**
 * Runs jobs round-robin, one portion per turn on setImmediate (real time, not the injectable clock),
 * so a small job scheduled behind long ones finishes first and HTTP requests are served in between.
 */
export class JobRunner {
  private readonly live = new Map<string, AsyncAction>();
  private ring: Portion[] = [];
  private ticking = false;
  private stopped = false;
  /** Since when the ring has had work, and the items handled since: what a pace holds back. */
  private busySince = 0;
  private handled = 0;

  constructor(
    private readonly docs: DocStore,
    private readonly clock: Clock,
    private readonly portionSize: number,
    private readonly touched: () => void,
    private readonly itemsPerSecond?: number,
  ) {
    for (const action of docs.all<AsyncAction>('async_action')) {
      if (action.status === 'ENQUEUED' || action.status === 'IN_PROGRESS') {
        // A job cut short by a stopped sandbox cannot resume: its input was never stored.
        this.save({
          ...action,
          status: 'FAILED',
          operation_status: 'FAILED',
          updated_at: this.now(),
          result: { message: 'The sandbox stopped before the job finished.' },
        });
      }
    }
  }

  schedule(type: string, requestId: string, work: JobWork): AsyncAction {
    const now = this.now();
    const action: AsyncAction = {
      id: newId('aa_'),
      type,
      status: 'ENQUEUED',
      operation_status: 'UNKNOWN',
      created_at: now,
      updated_at: now,
      request_id: requestId,
      processing_time: 0,
      progress: 0,
      object: 'async_action',
      result: null,
    };
    this.save(action);
    const job: Running = { action, work, done: 0, startedMs: performance.now() };
    this.run(() => this.advance(job));
    return action;
  }

  /** Runs other work (an export) in the same round-robin, one portion a turn, without an async action. */
  run(portion: Portion): void {
    if (this.stopped) return;
    this.ring.push(portion);
    this.kick();
  }

  /** Items one turn handles: the `n` a job's `step` gets. */
  get itemsPerTurn(): number {
    return this.portionSize;
  }

  get(id: string): AsyncAction | undefined {
    return this.live.get(id) ?? this.docs.get<AsyncAction>('async_action', id);
  }

  all(): AsyncAction[] {
    return this.docs.all<AsyncAction>('async_action').map((a) => this.live.get(a.id) ?? a);
  }

  queued(): number {
    return this.ring.length;
  }

  stop(): void {
    this.stopped = true;
    this.ring = [];
  }

  private kick(): void {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    const ahead = this.msAheadOfPace();
    if (ahead > 0) setTimeout(() => this.tick(), ahead);
    else setImmediate(() => this.tick());
  }

  /** How long the next portion waits to keep the pace (0 without one). */
  private msAheadOfPace(): number {
    if (this.itemsPerSecond === undefined) return 0;
    const now = performance.now();
    if (this.handled === 0) this.busySince = now;
    return Math.ceil((this.handled / this.itemsPerSecond) * 1000 - (now - this.busySince));
  }

  private tick(): void {
    this.ticking = false;
    const portion = this.ring.shift();
    if (!portion || this.stopped) return;
    const finished = portion();
    this.touched();
    this.handled += this.portionSize;
    if (!finished) this.ring.push(portion);
    if (this.ring.length > 0) this.kick();
    else this.handled = 0;
  }

  /** One portion of an async action's job; true once it has finished. */
  private advance(job: Running): boolean {
    const { action, work } = job;
    if (action.status === 'ENQUEUED') {
      action.status = 'IN_PROGRESS';
      action.updated_at = this.now();
      this.save(action);
    }
    let finished: boolean;
    try {
      job.done += work.step(this.portionSize);
      finished = job.done >= work.total;
      action.progress = work.total === 0 ? 100 : Math.floor((job.done / work.total) * 100);
      if (finished) this.finish(job, work.finish());
    } catch (error) {
      finished = true;
      this.finish(job, { result: { message: `Job failed: ${(error as Error).message}` }, failed: true, allItemsFailed: true });
    }
    action.processing_time = Math.round(performance.now() - job.startedMs);
    return finished;
  }

  private finish(job: Running, outcome: ReturnType<JobWork['finish']>): void {
    const { action } = job;
    action.status = outcome.failed ? 'FAILED' : 'DONE';
    action.operation_status = outcome.failed || outcome.allItemsFailed ? 'FAILED' : 'SUCCESS';
    action.progress = 100;
    action.result = outcome.result;
    action.updated_at = this.now();
    action.processing_time = Math.round(performance.now() - job.startedMs);
    this.save(action);
  }

  private save(action: AsyncAction): void {
    this.live.set(action.id, action);
    this.docs.put('async_action', action.id, action);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
