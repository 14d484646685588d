import type { z } from 'zod';
import { thousands } from '../domain/thousands';

// The pure part of an operation kind: what its payload is, how it is worded and counted. Each kind's
// file in this folder holds its own; `all.ts` registers every kind the outbox knows, and the
// electron side (electron/operations/) adds how the kind is queued, sent and reconciled.

/** An operation's result: carried out by this sync, already there before it, failed. */
export interface Tally {
  applied: number;
  present: number;
  failed: number;
}

/** An import's requests become jobs on the service, which the sync looks and reconciles by the job list. */
export interface ImportJob {
  type: 'VOUCHERS.IMPORT' | 'VOUCHERS.IMPORT_CSV';
  /** The job names a failed code by its line in the request (CSV); else by the code alone. */
  rowsByPosition: boolean;
}

export interface OperationRules<P> {
  /**
   * The payload as stored: parsed every time it is read back, so a row written by another version
   * (or damaged) is recognised and dead-lettered instead of being half-understood.
   */
  schema: z.ZodType<P>;
  /** The kind as a person reads it ("CSV import"), e.g. in the refusal to change a frozen batch. */
  word: string;
  /** A one-line description for lists and plans. */
  describe(payload: P): string;
  /** The result in words, the same in the CLI and the app. */
  tallyText(tally: Tally): string;
  /** Set when the kind's requests become service jobs: looked at, and reconciled by the job list. */
  job?: ImportJob;
  /** Whether what it carries out counts as codes in the progress (a reward is a request, not a code). */
  countsCodes: boolean;
  /**
   * Whether a cancel report names where each code stands on the service. A deletion's sent codes are
   * gone, so its report only counts the requests not sent.
   */
  cancelNamesCodes: boolean;
}

function count(n: number, noun: string): string {
  return `${thousands(n)} ${noun}${n === 1 ? '' : 's'}`;
}

const ALREADY_ON_SERVICE = 'already on the service before this sync (not created by it)';

/** E.g. "27 codes created by this sync, 3 already on the service before this sync (not created by it), 0 failed". */
export function codeTally(verb: string, already = ALREADY_ON_SERVICE): (tally: Tally) => string {
  return (tally) => `${count(tally.applied, 'code')} ${verb} by this sync, ${thousands(tally.present)} ${already}, ${thousands(tally.failed)} failed`;
}
