import { IMPORT_MAX_CODES } from '../domain/import-limits';

// How often accepted import jobs are asked about. Every look is an API call counted against the
// rate budget (a service sandbox project allows 100 an hour), so jobs are not looked at on a timer:
// one early look measures how fast the service works through them, and the next look comes when
// the last of them should be done. One look covers every job in flight (the job list), so the calls
// a sync makes do not grow with its number of jobs.

export interface LookPolicy {
  /** Assumed service speed before any job was seen to progress. */
  codesPerSecond: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** Backoff factor for a job whose progress is unknown, and for jobs still running past the planned looks. */
  factor: number;
  /**
   * The early look comes after this share of the time a job should take at the assumed pace: late
   * enough that a job's slow first moments weigh little in the pace it shows, early enough that a
   * job faster than assumed is still running, so the next look is predicted from its pace (at the
   * whole time, 100,000 codes took 3 calls or 4 depending on the machine's load; the dry run said 4).
   */
  earlyShare: number;
  /** A prediction further out than this gets a look half-way first, to measure the pace again. */
  midCheckAboveMs: number;
  /**
   * Where the last look a flight's plan has spare comes on a far wait: past half-way, so the pace it
   * measures is recent and the end it predicts near (the service speeds up as its jobs finish; at
   * 1,000,000 codes a look half-way predicted the end 1.9 s late, one at 0.7 of the way 0.4 s).
   */
  lastMidShare: number;
  /**
   * A nearer prediction still this far out, made from a pace averaged over at least twice as long,
   * gets one look half-way too: jobs sharing the service speed up as the others finish (seen at
   * 1,000,000 codes: twice as fast at the end), so an old average puts the end late, and a look at
   * that end would come seconds after it.
   */
  endCheckAboveMs: number;
  /**
   * Several jobs are looked at from this far before their predicted end, then every `tailStepMs`
   * until they are done: their end cannot be predicted closer than a few seconds (the service speeds
   * up as jobs finish and pauses at random), and a look that comes late keeps the user waiting.
   */
  tailAboveMs: number;
  tailStepMs: number;
  /** The longest wait for a predicted finish (a slow service is not asked every few seconds). */
  maxLookMs: number;
  /** Slack added to a predicted finish (share of the wait, plus a fixed part), so one look finds it done. */
  slackShare: number;
  slackMs: number;
}

export const DEFAULT_LOOK_POLICY: LookPolicy = {
  codesPerSecond: 50_000,
  minDelayMs: 200,
  maxDelayMs: 30_000,
  factor: 1.6,
  earlyShare: 0.5,
  midCheckAboveMs: 8000,
  lastMidShare: 0.7,
  endCheckAboveMs: 1000,
  tailAboveMs: 2000,
  tailStepMs: 700,
  maxLookMs: 600_000,
  slackShare: 0.06,
  slackMs: 75,
};

function clamp(ms: number, policy: LookPolicy): number {
  return Math.min(policy.maxDelayMs, Math.max(policy.minDelayMs, Math.round(ms)));
}

/** Wait before look number `looks + 1` at a job nothing is known about: geometric from the time it should take. */
export function lookDelay(codes: number, looks: number, policy: LookPolicy = DEFAULT_LOOK_POLICY): number {
  const expected = Math.max(policy.minDelayMs, (codes / policy.codesPerSecond) * 1000);
  return clamp(expected * policy.factor ** looks, policy);
}

/** The first look at a job just accepted: early enough to measure the service's pace, late enough to see progress. */
export function earlyCheckDelay(codes: number, policy: LookPolicy = DEFAULT_LOOK_POLICY): number {
  return clamp((codes / policy.codesPerSecond) * 1000 * policy.earlyShare, policy);
}

/** A job in flight as last seen: its codes and the share done (0..100). */
export interface JobSeen {
  codes: number;
  percent: number;
}

/**
 * When each job should finish, ms from now, if the service shares `codesPerMs` equally among the jobs
 * still running (it runs them round-robin): the smallest finishes first, then the rest speed up.
 */
export function sharedFinishTimes(jobs: readonly JobSeen[], codesPerMs: number): number[] {
  const remaining = jobs.map((job, i) => ({ i, left: Math.max(0, job.codes * (1 - Math.min(100, Math.max(0, job.percent)) / 100)) }));
  const order = [...remaining].sort((a, b) => a.left - b.left);
  const finishes: number[] = new Array<number>(jobs.length).fill(0);
  let at = 0;
  let done = 0;
  order.forEach((job, rank) => {
    at += ((job.left - done) * (order.length - rank)) / codesPerMs;
    done = job.left;
    finishes[job.i] = at;
  });
  return finishes;
}

/** Codes the service had worked through at a look: finished jobs whole, running ones by their progress. */
export interface Look {
  at: number;
  processed: number;
}

/** A pace seen: codes per ms, and when the interval it was measured over began (ms, the looks' clock). */
export interface Pace {
  codesPerMs: number;
  since: number;
}

/** A running job's own pace: its codes done over its own processing time, as the service reports both. */
export function jobPace(job: JobSeen, processingMs: number | undefined): { codesPerMs: number; overMs: number } | undefined {
  if (processingMs === undefined || processingMs <= 0 || job.percent <= 0) return undefined;
  return { codesPerMs: (job.codes * job.percent) / 100 / processingMs, overMs: processingMs };
}

/**
 * The pace seen: over the interval since the previous look when there was one (the pace now, after
 * uploads stopped competing for the service); else the jobs' own paces added up (jobs sharing the
 * service each show their share), measured by the service's clock, so upload and answer times do
 * not count; else since the first job was accepted.
 */
export function observedPace(
  previous: Look | undefined,
  current: Look,
  firstAcceptedAt: number,
  own: readonly ({ codesPerMs: number; overMs: number } | undefined)[] = [],
): Pace | undefined {
  if (previous && current.at - previous.at >= 250 && current.processed > previous.processed) {
    return { codesPerMs: (current.processed - previous.processed) / (current.at - previous.at), since: previous.at };
  }
  const known = own.filter((p) => p !== undefined);
  if (known.length > 0) {
    return { codesPerMs: known.reduce((n, p) => n + p.codesPerMs, 0), since: current.at - Math.max(...known.map((p) => p.overMs)) };
  }
  const elapsed = current.at - firstAcceptedAt;
  return elapsed > 0 && current.processed > 0 ? { codesPerMs: current.processed / elapsed, since: firstAcceptedAt } : undefined;
}

/**
 * The pace at the look half-way to the end: the faster of the one measured since the look before and
 * the one that look predicted with. The service only speeds up as its jobs finish, so a slower
 * interval held a pause (a garbage collection, a busy machine: seen lasting 2 s at 1,000,000 codes)
 * that the rest of the work need not have; predicting the end by it would look seconds late.
 */
export function paceAtEndCheck(before: Pace | undefined, seen: Pace | undefined): Pace | undefined {
  if (before === undefined || seen === undefined) return seen ?? before;
  return before.codesPerMs > seen.codesPerMs ? before : seen;
}

/**
 * Looks a flight of `codes` codes in import jobs plans for, early and final included: every call
 * counts (a sandbox project allows 100 an hour), so a sync aims at no more than its imports, a token
 * and one look, plus a quarter of that or two, whichever is more; one look of that is kept for an end
 * that comes later than predicted. One job: the early look and the final one. Ten: one look between.
 */
export function plannedLooks(codes: number): number {
  const imports = Math.max(1, Math.ceil(codes / IMPORT_MAX_CODES));
  return Math.max(2, Math.floor((imports + 2) / 4));
}

/** The next look: how long from this one, and whether it is the one check half-way to a near end. */
export interface NextLook {
  ms: number;
  endCheck: boolean;
}

/**
 * When to look next at the jobs in flight: when the last should be done, plus slack. While that is
 * far off and the flight's planned looks (`spare`: how many it still has before the final one) allow,
 * a look comes first to measure the pace again over an interval: the service speeds up as its jobs
 * run (a job's first moments, uploads competing with it, are slower), so a far prediction is late.
 * Such a look comes half-way, but while more than one is left no later than the jobs have run so far
 * (`runningMs`), which bounds how late a finish can be noticed; the last one left comes
 * `lastMidShare` of the way, so the pace it measures is recent and long past the uploads. Once the end of several jobs is near, one more
 * look half-way when the pace is an average over at least twice the wait left (`endCheck`: none
 * made yet in this flight) and a look is spare; a job alone keeps its pace. Several jobs are then
 * approached in steps (`tailAboveMs`, `tailStepMs`) when the looks spare cover them, which bounds how
 * late their end is noticed whatever the pace does; else they are looked at once at their end. A job
 * alone is looked at once at its end. Jobs found running past the plan (`spare` below 0) are waited
 * for `factor` times their predicted end, at least a step: the pace was slowing (seen on a loaded
 * machine: halved between two looks at 500,000 codes), and one more look should find them done, so
 * a sync keeps within a look of its plan. Without a pace, the assumed one.
 */
export function nextLookDelay(
  jobs: readonly JobSeen[],
  pace: { codesPerMs: number; overMs: number } | undefined,
  runningMs: number,
  endCheck: boolean,
  spare: number,
  policy: LookPolicy = DEFAULT_LOOK_POLICY,
): NextLook {
  const rate = pace?.codesPerMs ?? policy.codesPerSecond / 1000;
  const last = Math.max(0, ...sharedFinishTimes(jobs, rate));
  const stale = pace !== undefined && pace.overMs >= 2 * last;
  const checkEnd = spare > 0 && endCheck && jobs.length > 1 && stale && last > policy.endCheckAboveMs && last <= policy.midCheckAboveMs;
  const finish = last * (1 + policy.slackShare) + policy.slackMs;
  const several = jobs.length > 1;
  const wait =
    last > policy.midCheckAboveMs && spare > 0
      ? spare > 1
        ? Math.min(last / 2, Math.max(policy.minDelayMs, runningMs))
        : last * policy.lastMidShare
      : checkEnd
        ? last / 2
        : several && spare >= tailLooks(last, policy)
          ? Math.min(finish, Math.max(last - policy.tailAboveMs, policy.tailStepMs))
          : spare < 0
            ? Math.max(policy.tailStepMs, last * policy.factor)
            : finish;
  return { ms: Math.min(policy.maxLookMs, Math.max(policy.minDelayMs, Math.round(wait))), endCheck: checkEnd };
}

/** Looks at several jobs whose end is `left` ms away: one at `tailAboveMs` before it, then one a step. */
function tailLooks(left: number, policy: LookPolicy): number {
  return (left > policy.tailAboveMs ? 1 : 0) + Math.max(1, Math.ceil(Math.min(left, policy.tailAboveMs) / policy.tailStepMs));
}

/**
 * Looks a sync of `codes` codes in import jobs is expected to need, as `nextLookDelay` makes them
 * when the service keeps the assumed pace: the early one, the one that finds them done, one each
 * time the wait left past the early look halves while still long and a planned look is spare, the
 * check half-way to a near end after such halvings (the service speeds up, so the last halving's
 * look finds the end nearer than predicted, by a pace averaged over much longer), and for several
 * jobs the steps of the final approach when the looks spare cover them.
 */
export function expectedLooks(codes: number, policy: LookPolicy = DEFAULT_LOOK_POLICY): number {
  if (codes <= 0) return 0;
  let spare = plannedLooks(codes) - 2;
  let left = (codes / policy.codesPerSecond) * 1000 - earlyCheckDelay(Math.min(codes, IMPORT_MAX_CODES), policy);
  let looks = 2;
  for (; left > policy.midCheckAboveMs && spare > 0; spare -= 1) {
    left *= spare > 1 ? 0.5 : 1 - policy.lastMidShare;
    looks += 1;
  }
  const several = codes > IMPORT_MAX_CODES;
  if (several && looks > 2 && left > policy.endCheckAboveMs && left <= policy.midCheckAboveMs && spare > 0) {
    looks += 1;
    spare -= 1;
    left /= 2;
  }
  if (several && spare >= tailLooks(left, policy)) looks += tailLooks(left, policy) - 1;
  return looks;
}
