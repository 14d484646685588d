// What one write did on the service, as far as the client can know. Every caller that must decide
// whether to send a write again asks here, so the rule lives in one place:
// - not carried out: the request never left, the service's own error object refused it (4xx), or a
//   429 carrying the service's rate headers;
// - carried out: a 2xx whose body could be read;
// - uncertain: anything else (any 5xx, a gateway's HTML or empty page, a timeout or reset after
//   sending, a 2xx whose body cannot be read). An uncertain write is reconciled, never re-sent blindly.

import { GatewayError, InvalidRequestError, NetworkError, RateLimitedError, ServiceError, TimeoutError, UnexpectedResponseError } from './errors';

export type WriteOutcome = 'not-carried-out' | 'carried-out' | 'uncertain';

/** What the body of an answer is. */
export type BodyKind = 'service-error' | 'readable' | 'unreadable';

/** The facts of one exchange, from the transport's point of view. */
export type ExchangeFacts =
  /** Refused before anything was written to the connection (connect failed, a request the client refused). */
  | { phase: 'before-send' }
  /** The request (or part of it) left, and no whole answer came back: timeout, reset, dropped. */
  | { phase: 'after-send' }
  | { phase: 'answered'; status: number; body: BodyKind; rateHeaders: boolean };

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The service's error object (spec 2.11) has an integer `code` and a string `message`; gateways and
 * proxies in front of it answer HTML pages, plain text or nothing at all.
 */
export function isServiceErrorObject(text: string): boolean {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = record(JSON.parse(text));
  } catch {
    return false;
  }
  if (!parsed) return false;
  const obj = record(parsed.error) && parsed.message === undefined ? record(parsed.error) : parsed;
  return obj !== undefined && Number.isInteger(obj.code) && typeof obj.message === 'string';
}

/** Classifies an answer body: a 2xx must parse as JSON (or be empty where no body is expected). */
export function bodyKindOf(status: number, text: string, emptyAllowed: boolean): BodyKind {
  if (status >= 200 && status < 300) {
    if (text.trim() === '') return emptyAllowed ? 'readable' : 'unreadable';
    try {
      JSON.parse(text);
      return 'readable';
    } catch {
      return 'unreadable';
    }
  }
  return isServiceErrorObject(text) ? 'service-error' : 'unreadable';
}

export function writeOutcome(facts: ExchangeFacts): WriteOutcome {
  if (facts.phase === 'before-send') return 'not-carried-out';
  if (facts.phase === 'after-send') return 'uncertain';
  const { status, body, rateHeaders } = facts;
  if (status >= 200 && status < 300) return body === 'readable' ? 'carried-out' : 'uncertain';
  if (status === 429) return rateHeaders ? 'not-carried-out' : 'uncertain';
  if (status >= 400 && status < 500) return body === 'service-error' ? 'not-carried-out' : 'uncertain';
  return 'uncertain';
}

/** Error codes of a connection that failed before a byte of the request was written. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ERR_INVALID_URL']);

/** Whether a fetch failure happened while connecting (the request never left). */
export function failedBeforeSending(cause: unknown): boolean {
  for (let e: unknown = cause, depth = 0; e !== undefined && e !== null && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_FAILURES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The facts behind a failure the client reported; undefined for errors that are not the client's. */
export function exchangeFactsOf(error: unknown): ExchangeFacts | undefined {
  if (error instanceof NetworkError || error instanceof TimeoutError) return { phase: error.outcomeUnknown ? 'after-send' : 'before-send' };
  if (error instanceof InvalidRequestError) return { phase: 'before-send' };
  if (error instanceof UnexpectedResponseError) return { phase: 'answered', status: 200, body: 'unreadable', rateHeaders: false };
  if (error instanceof GatewayError) return { phase: 'answered', status: error.status, body: 'unreadable', rateHeaders: false };
  if (error instanceof RateLimitedError) return { phase: 'answered', status: error.status, body: 'service-error', rateHeaders: error.fromService };
  if (error instanceof ServiceError) return { phase: 'answered', status: error.status, body: 'service-error', rateHeaders: false };
  return undefined;
}

/** The outcome of a write that failed with `error`; undefined when the error says nothing about it. */
export function writeOutcomeOfError(error: unknown): Exclude<WriteOutcome, 'carried-out'> | undefined {
  const facts = exchangeFactsOf(error);
  if (!facts) return undefined;
  const outcome = writeOutcome(facts);
  // A failure is never a carried-out write: a 2xx that failed was unreadable.
  return outcome === 'carried-out' ? 'uncertain' : outcome;
}
