import {
  ApiError,
  CredentialsRejectedError,
  InvalidRequestError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  WrongRegionError,
  errorBodyOf,
} from '../../shared/api/errors';
import { BodyChangedError } from '../outbox/bodies';
import type { ErrorRecord } from '../outbox/records';

export type PauseReason = 'user' | 'credentials' | 'wrong-region' | 'offline';

/** What the engine does about a failed call. */
export type Verdict =
  /** The whole run is affected: pause, keep every operation. */
  | { type: 'pause'; reason: Exclude<PauseReason, 'user'>; message: string }
  /** A write may or may not have been carried out: reconcile before anything is sent again. */
  | { type: 'uncertain' }
  /** Not carried out, worth another try later (429, 5xx). */
  | { type: 'retry'; retryAfterMs: number | undefined; rateLimited: boolean }
  /** This request will never succeed as it is (4xx, a request the client refused to send). */
  | { type: 'permanent' }
  /** Something unexpected: stop this request and show it to the user. */
  | { type: 'attention' };

/**
 * Errors that concern the whole run (credentials, region, connection) pause it; errors of one request
 * mark that request (Joplin's synchronizer makes the same split).
 */
export function classify(error: unknown, isWrite: boolean): Verdict {
  if (error instanceof WrongRegionError) return { type: 'pause', reason: 'wrong-region', message: error.message };
  if (error instanceof CredentialsRejectedError) return { type: 'pause', reason: 'credentials', message: error.message };
  if (error instanceof RateLimitedError) return { type: 'retry', retryAfterMs: error.retryAfterMs, rateLimited: true };
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    if (isWrite && error.outcomeUnknown) return { type: 'uncertain' };
    return { type: 'pause', reason: 'offline', message: `The service cannot be reached: ${error.message}` };
  }
  if (error instanceof ServiceError) return error.status >= 500 ? { type: 'retry', retryAfterMs: undefined, rateLimited: false } : { type: 'permanent' };
  if (error instanceof InvalidRequestError) return { type: 'permanent' };
  if (error instanceof BodyChangedError) return { type: 'attention' };
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
