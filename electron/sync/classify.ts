import {
  ApiError,
  CredentialsRejectedError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  WrongRegionError,
  errorBodyOf,
} from '../../shared/api/errors';
import { writeOutcomeOfError } from '../../shared/api/write-outcome';
import type { ErrorRecord } from '../outbox/records';

export type PauseReason = 'user' | 'credentials' | 'wrong-region' | 'offline';

/** What the engine does about a failed call. */
export type Verdict =
  /** The whole run is affected: pause, keep every operation (the call was not carried out). */
  | { type: 'pause'; reason: Exclude<PauseReason, 'user'>; message: string }
  /** A write may or may not have been carried out: reconcile it before anything is sent again. */
  | { type: 'uncertain' }
  /** Not carried out and worth another try later: a write refused by a 429, or a read. */
  | { type: 'retry'; retryAfterMs: number | undefined; rateLimited: boolean }
  /** A write the service refused with its error object: it will never succeed as it is. */
  | { type: 'refused' }
  /** Something unexpected: stop this request and show it to the user. */
  | { type: 'attention' };

function pauseOf(error: unknown): Verdict | undefined {
  if (error instanceof WrongRegionError) return { type: 'pause', reason: 'wrong-region', message: error.message };
  if (error instanceof CredentialsRejectedError) return { type: 'pause', reason: 'credentials', message: error.message };
  if ((error instanceof NetworkError || error instanceof TimeoutError) && !error.outcomeUnknown) {
    return { type: 'pause', reason: 'offline', message: `The service cannot be reached: ${error.message}` };
  }
  return undefined;
}

/**
 * The one place a failed call is judged. Errors that concern the whole run (credentials, region, no
 * connection before sending) pause it. A write's outcome follows the three-outcome rule of
 * shared/api/write-outcome.ts: only a write provably not carried out is sent again; an uncertain one
 * is reconciled first. Reads are safe to repeat.
 */
export function classify(error: unknown, isWrite: boolean): Verdict {
  const pause = pauseOf(error);
  if (pause) return pause;
  if (isWrite) {
    const outcome = writeOutcomeOfError(error);
    if (outcome === undefined) return { type: 'attention' };
    if (outcome === 'uncertain') return { type: 'uncertain' };
    if (error instanceof RateLimitedError) return { type: 'retry', retryAfterMs: error.retryAfterMs, rateLimited: true };
    return { type: 'refused' };
  }
  if (error instanceof RateLimitedError) return { type: 'retry', retryAfterMs: error.retryAfterMs, rateLimited: true };
  if (error instanceof ServiceError && error.status >= 500) return { type: 'retry', retryAfterMs: undefined, rateLimited: false };
  return { type: 'attention' };
}

/** The error as the outbox keeps it: the service's error object when there was one; never a credential. */
export function errorRecord(error: unknown, at: number): ErrorRecord {
  if (error instanceof ServiceError) {
    const body = errorBodyOf(error);
    const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return { ...clean, name: error.name, message: error.serviceMessage, status: error.status, at };
  }
  if (error instanceof ApiError || error instanceof Error) return { name: error.name, message: error.message, at };
  return { name: 'Error', message: String(error), at };
}
