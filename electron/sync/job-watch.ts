import { isFinished, type AsyncAction } from '../../shared/api';
import { jobPace, nextLookDelay, observedPace, paceAtEndCheck, plannedLooks, type JobSeen, type Look, type Pace } from '../../shared/outbox/looks';
import type { SyncContext, Work } from '../operations/context';
import type { RequestMove } from '../outbox/outbox';
import { fetchJob, hasFullReport, settlement } from './look';

/** Room in the job list for jobs of others created among ours. */
const LIST_SLACK = 10;
const LIST_MAX = 100;

/** A look failed on one job's request; the engine handles it as that job's look error. */
export class LookFailed extends Error {
  constructor(
    readonly work: Work,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'LookFailed';
  }
}

/** How far the service is with this sync's import jobs, for progress: codes worked through, pace, time left. */
export interface JobPace {
  /** Codes of jobs in flight the service has worked through, estimated for now from the last look and the pace. */
  processedInFlight: number;
  /** Codes of the jobs in flight. */
  inFlight: number;
  codesPerSecond: number;
  secondsLeft: number;
}

/** A job found running at a look, with its own pace as the service reports it. */
interface Running {
  work: Work;
  seen: JobSeen;
  own: ReturnType<typeof jobPace>;
}

const keyOf = (work: Work): string => `${work.op.id}:${work.request.idx}`;

/**
 * Watches the accepted import jobs of a sync. One look reads every job in flight: the job list when
 * several are, falling back to the job itself when it is not listed or its entry lacks the result.
 * The pace seen decides when the next look comes (see shared/outbox/looks.ts).
 */
export class JobWatch {
  private readonly running = new Map<string, JobSeen>();
  private firstAcceptedAt: number | undefined;
  private previous: Look | undefined;
  private finishedCodes = 0;
  private lastPace: Pace | undefined;
  private lastLook: Look | undefined;
  /** The one look half-way to a near end in this flight: not planned yet, the next look, or made. */
  private endCheck: 'none' | 'due' | 'made' = 'none';
  /** Looks made in this flight, against the looks it plans for. */
  private looks = 0;

  /** A job was just accepted: the pace is measured from here. */
  accepted(at: number): void {
    this.firstAcceptedAt = Math.min(this.firstAcceptedAt ?? at, at);
  }

  /** One look at every job in `works` (the accepted requests); `call` is told of each request made. */
  async look(ctx: SyncContext, works: readonly Work[], call: () => void): Promise<void> {
    // What a look reads is as of some moment while its requests were out, and a busy service can
    // take seconds to answer: the pace and the next look are reckoned from the middle of that time,
    // not from when the answer came.
    const asked = ctx.clock.now();
    const listed = new Map<string, AsyncAction>();
    if (works.length > 1) {
      call();
      try {
        const list = await ctx.client.listAsyncActions({ limit: Math.min(LIST_MAX, works.length + LIST_SLACK) });
        for (const action of list.items) listed.set(action.id, action);
      } catch (error) {
        throw new LookFailed(works[0] as Work, error);
      }
    }
    const running: Running[] = [];
    const settled: { work: Work; move: RequestMove }[] = [];
    try {
      for (const work of works) {
        let action = listed.get(work.request.asyncActionId as string);
        if (action === undefined || (isFinished(action) && !hasFullReport(action))) {
          call();
          try {
            action = await fetchJob(ctx, work);
          } catch (error) {
            throw new LookFailed(work, error);
          }
        }
        this.firstAcceptedAt ??= work.request.sentAt ?? ctx.clock.now();
        if (action === undefined) {
          this.running.delete(keyOf(work));
        } else if (isFinished(action)) {
          settled.push({ work, move: settlement(ctx, work, action) });
        } else {
          const seen = { codes: work.request.codes, percent: typeof action.progress === 'number' ? action.progress : 0 };
          this.running.set(keyOf(work), seen);
          running.push({ work, seen, own: jobPace(seen, action.processing_time) });
        }
      }
    } finally {
      // Every job found finished is settled in one durable write (one flush, not one per job), also
      // when a later job's request failed.
      await ctx.outbox.moveAll(settled.map((s) => s.move));
      for (const { work } of settled) {
        this.finishedCodes += work.request.codes;
        this.running.delete(keyOf(work));
      }
    }
    await this.plan(ctx, asked + (ctx.clock.now() - asked) / 2, running);
  }

  private async plan(ctx: SyncContext, at: number, running: readonly Running[]): Promise<void> {
    const look: Look = { at, processed: this.finishedCodes + running.reduce((n, r) => n + (r.seen.codes * r.seen.percent) / 100, 0) };
    const seen = observedPace(
      this.previous,
      look,
      this.firstAcceptedAt ?? at,
      running.map((r) => r.own),
    );
    this.lastPace = this.endCheck === 'due' ? paceAtEndCheck(this.lastPace, seen) : (seen ?? this.lastPace);
    if (running.length === 0) {
      // Nothing in flight: the next jobs start a new flight, measured afresh.
      this.previous = undefined;
      this.firstAcceptedAt = undefined;
      this.finishedCodes = 0;
      this.endCheck = 'none';
      this.looks = 0;
      this.lastLook = look;
      return;
    }
    this.previous = look;
    this.lastLook = look;
    this.looks += 1;
    // The flight's codes as known now (jobs still being sent join it later, and its plan with them).
    const codes = this.finishedCodes + running.reduce((n, r) => n + r.seen.codes, 0);
    const next = nextLookDelay(
      running.map((r) => r.seen),
      this.lastPace && { codesPerMs: this.lastPace.codesPerMs, overMs: at - this.lastPace.since },
      at - (this.firstAcceptedAt ?? at),
      this.endCheck === 'none',
      plannedLooks(codes) - 1 - this.looks,
    );
    this.endCheck = next.endCheck ? 'due' : this.endCheck === 'none' ? 'none' : 'made';
    await ctx.outbox.noteAll(
      running.map(({ work }) => ({ opId: work.op.id, idx: work.request.idx, changes: { looks: work.request.looks + 1, nextTryAt: at + next.ms } })),
    );
  }

  /** The pace for progress figures, estimated for `now`; undefined before any look. */
  pace(now: number): JobPace | undefined {
    if (this.lastLook === undefined || this.lastPace === undefined) return undefined;
    const rate = this.lastPace.codesPerMs;
    let inFlight = 0;
    let seenDone = 0;
    for (const job of this.running.values()) {
      inFlight += job.codes;
      seenDone += (job.codes * job.percent) / 100;
    }
    const processedInFlight = Math.min(inFlight, seenDone + rate * Math.max(0, now - this.lastLook.at));
    const left = inFlight - processedInFlight;
    return {
      processedInFlight: Math.round(processedInFlight),
      inFlight,
      codesPerSecond: Math.round(rate * 1000),
      secondsLeft: inFlight > 0 ? left / rate / 1000 : 0,
    };
  }
}
