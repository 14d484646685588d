import { mayRetry, parseRetryAfter, retryDelay, type RetryPolicy } from './backoff';
import type { Clock, Sleep } from './clock';
import { isWrongCluster, parseErrorBody } from './error-body';
import {
  ApiError,
  CredentialsRejectedError,
  GatewayError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  TruncatedExportError,
  UnexpectedResponseError,
  WrongRegionError,
  errorBodyOf,
  type RequestLabel,
} from './errors';
import { readRateHeaders, type RateBudget, type RateHeaders } from './rate-budget';
import type { Scope } from './scopes';
import type { TokenManager } from './token-manager';
import { bodyKindOf, failedBeforeSending } from './write-outcome';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Credentials {
  appId: string;
  appToken: string;
}

export type RequestBody = { json: unknown } | { text: string; contentType: string } | { form: FormData } | { urlencoded: URLSearchParams };

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Already encoded, starting with '/'. */
  path: string;
  /** Already encoded, without '?'. */
  query?: string;
  body?: RequestBody;
  /** The scope a bearer token needs; null sends the key pair whatever the auth mode (token minting). */
  scope: Scope | null;
  /** Size of a large upload, so its timeout allows for sending it on a slow line. */
  uploadBytes?: number;
  /** Another origin than the base URL, e.g. `https://download.voucherify.io` for an export file. */
  origin?: string;
  /**
   * The answer is a file, not JSON: read as text under an idle timeout (a large file may take long,
   * a stalled one may not); a body cut short throws TruncatedExportError, never retried here; and a
   * 401 concerns the file's own token, so it neither renews the bearer token nor blames the key.
   */
  file?: true;
  /**
   * With `file`: the file's text is handed over piece by piece as it arrives instead of answered
   * whole, so a large export never sits in memory as one string. `begin` runs before each attempt's
   * first piece (a retried download starts over), `piece` may return a promise to slow the reading.
   */
  sink?: FileSink;
}

/** Where a streamed file's text goes (RequestSpec.sink). */
export interface FileSink {
  begin(): void;
  piece(text: string): void | Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body (and for a file). */
  body: unknown;
  /** A file's text (RequestSpec.file). */
  text?: string;
}

/** Things worth counting or showing while requests run; never carries credentials. */
export type TransportEvent =
  { type: 'retry'; method: string; path: string; attempt: number; waitMs: number; reason: string } | { type: 'paced'; waitMs: number };

export interface TransportOptions {
  baseUrl: string;
  /** For messages, e.g. "Europe (https://api.voucherify.io)". */
  targetLabel: string;
  fetch: FetchLike;
  clock: Clock;
  sleep: Sleep;
  random: () => number;
  timeoutMs: number;
  /** Uploads get this much more time per byte/s of this rate, so a 10 MB import is not cut off. */
  minUploadBytesPerSecond: number;
  retry: RetryPolicy;
  budget: RateBudget;
  pacing: boolean;
  keys: Credentials;
  /** Present in OAuth mode: every call but token minting then sends a bearer token. */
  tokens: TokenManager | undefined;
  onEvent: ((event: TransportEvent) => void) | undefined;
}

interface Raw {
  response: Response;
  text: string;
  rate: RateHeaders | undefined;
}

function bodyInit(body: RequestBody | undefined): { init: RequestInit['body']; contentType: string | undefined } {
  if (!body) return { init: undefined, contentType: undefined };
  if ('json' in body) return { init: JSON.stringify(body.json), contentType: 'application/json' };
  if ('text' in body) return { init: body.text, contentType: body.contentType };
  // fetch writes the multipart boundary into the header itself.
  if ('form' in body) return { init: body.form, contentType: undefined };
  return { init: body.urlencoded.toString(), contentType: 'application/x-www-form-urlencoded' };
}

export class Transport {
  constructor(private readonly o: TransportOptions) {}

  async send(spec: RequestSpec): Promise<Answer> {
    const label: RequestLabel = { method: spec.method, path: spec.path };
    const isRead = spec.method === 'GET';
    const started = this.o.clock.now();
    let attempt = 0;
    let refused: string | undefined;
    let reauthorized = false;
    for (;;) {
      attempt += 1;
      const outcome = await this.attempt(spec, label, isRead, refused);
      refused = undefined;
      if (!(outcome.result instanceof ApiError)) return outcome.result;
      const failure = outcome.result;
      // A refused token means the call was not carried out, so one retry with a new token is safe.
      if (outcome.token && isTokenRefusal(failure) && !reauthorized && !spec.file) {
        reauthorized = true;
        refused = outcome.token;
        attempt -= 1;
        continue;
      }
      if (isTokenRefusal(failure) && !spec.file) throw this.rejected(failure);
      if (!isRead || !isRetryable(failure)) throw failure;
      const waitMs = retryDelay(attempt, this.o.retry, this.o.random, retryAfterOf(failure));
      if (!mayRetry(attempt, this.o.clock.now() - started, waitMs, this.o.retry)) throw failure;
      this.o.onEvent?.({ type: 'retry', method: spec.method, path: spec.path, attempt, waitMs, reason: failure.message });
      await this.o.sleep(waitMs);
    }
  }

  /** One try: a paced slot, a token when needed, the exchange; failures are returned, not thrown. */
  private async attempt(
    spec: RequestSpec,
    label: RequestLabel,
    isRead: boolean,
    refused: string | undefined,
  ): Promise<{ result: Answer | ApiError; token: string | undefined }> {
    await this.pace();
    let token: string | undefined;
    let rate: RateHeaders | undefined;
    try {
      token = await this.authorize(spec, label, refused);
      const raw = await this.exchange(spec, label, token, isRead);
      rate = raw.rate;
      if (raw.response.ok && spec.file)
        return { result: { status: raw.response.status, headers: raw.response.headers, body: undefined, text: raw.text }, token };
      return { result: raw.response.ok ? this.answer(raw, label) : this.toError(raw, label, token === undefined && !spec.file), token };
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof ServiceError) {
        return { result: error, token };
      }
      throw error;
    } finally {
      this.o.budget.recordDone(rate);
    }
  }

  /** Waits until the budget allows a call, then takes the slot in the same turn, so waiters do not burst. */
  private async pace(): Promise<void> {
    for (let wait = this.o.pacing ? this.o.budget.delayBeforeSend() : 0; wait > 0; wait = this.o.budget.delayBeforeSend()) {
      this.o.onEvent?.({ type: 'paced', waitMs: wait });
      await this.o.sleep(wait);
    }
    this.o.budget.recordSend();
  }

  /** The bearer token for this call (a replacement when `refused` was just turned down). */
  private async authorize(spec: RequestSpec, label: RequestLabel, refused: string | undefined): Promise<string | undefined> {
    if (!spec.scope || !this.o.tokens) return undefined;
    try {
      return refused === undefined ? await this.o.tokens.token(spec.scope) : await this.o.tokens.renewAfterRejection(refused, spec.scope);
    } catch (error) {
      // The call itself was never sent, so its outcome is known whatever happened to the mint.
      if (error instanceof NetworkError) throw new NetworkError(label, false, error.cause);
      if (error instanceof TimeoutError) throw new TimeoutError(label, false, error.timeoutMs);
      throw error;
    }
  }

  private headers(token: string | undefined, contentType: string | undefined, file: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: file ? 'text/csv, text/plain, application/json' : 'application/json' };
    if (contentType) headers['Content-Type'] = contentType;
    if (token) headers.Authorization = `Bearer ${token}`;
    else {
      headers['X-App-Id'] = this.o.keys.appId;
      headers['X-App-Token'] = this.o.keys.appToken;
    }
    return headers;
  }

  private async exchange(spec: RequestSpec, label: RequestLabel, token: string | undefined, isRead: boolean): Promise<Raw> {
    const { init, contentType } = bodyInit(spec.body);
    const url = `${spec.origin ?? this.o.baseUrl}${spec.path}${spec.query ? `?${spec.query}` : ''}`;
    const controller = new AbortController();
    const timeoutMs = this.o.timeoutMs + Math.ceil(((spec.uploadBytes ?? 0) / this.o.minUploadBytesPerSecond) * 1000);
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    arm();
    try {
      const response = await this.o.fetch(url, {
        method: spec.method,
        headers: this.headers(token, contentType, spec.file === true),
        body: init ?? null,
        signal: controller.signal,
      });
      const text = spec.file && response.ok ? await readFile(response, label, arm, () => timedOut, spec.sink) : await response.text();
      return { response, text, rate: readRateHeaders(response.headers) };
    } catch (error) {
      if (error instanceof TruncatedExportError) throw error;
      if (error instanceof SinkFailure) throw error.error;
      if (timedOut) throw new TimeoutError(label, !isRead, timeoutMs);
      throw new NetworkError(label, !isRead && !failedBeforeSending(error), error);
    } finally {
      clearTimeout(timer);
    }
  }

  private answer(raw: Raw, label: RequestLabel): Answer {
    const { response, text } = raw;
    // An empty 2xx is read as "no body"; the operation that expected one refuses it as unreadable.
    if (bodyKindOf(response.status, text, true) === 'unreadable') {
      throw new UnexpectedResponseError(label, `status ${response.status} with a body that is not JSON`, undefined);
    }
    return { status: response.status, headers: response.headers, body: text.trim() === '' ? undefined : JSON.parse(text) };
  }

  /** `blameKey`: a 401 means the key pair was refused (it was sent, and the answer is not a file's). */
  private toError(raw: Raw, label: RequestLabel, blameKey: boolean): ServiceError {
    const { response, text } = raw;
    const body = parseErrorBody(response.status, response.statusText, text);
    const fromService = bodyKindOf(response.status, text, false) === 'service-error';
    if (isWrongCluster(response.status, body)) {
      return new WrongRegionError(response.status, body, label, this.o.targetLabel);
    }
    if (response.status === 401 && blameKey) return new CredentialsRejectedError(response.status, body, label);
    if (response.status === 429) {
      const now = this.o.clock.now();
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now);
      const resetAt = readRateHeaders(response.headers)?.retryAt;
      const wait = retryAfter ?? (resetAt !== undefined ? Math.max(0, resetAt - now) : undefined);
      const rateHeaders = response.headers.has('retry-after') || readRateHeaders(response.headers) !== undefined;
      return new RateLimitedError(response.status, body, label, wait, response.headers.get('x-rate-limit-type') ?? undefined, rateHeaders);
    }
    return fromService ? new ServiceError(response.status, body, label) : new GatewayError(response.status, body, label);
  }

  private rejected(failure: ServiceError): CredentialsRejectedError {
    return failure instanceof CredentialsRejectedError
      ? failure
      : new CredentialsRejectedError(failure.status, errorBodyOf(failure), { method: failure.method, path: failure.path });
  }
}

/**
 * A file's body as text, re-arming the idle timer on every chunk. The connection ending early, or
 * fewer bytes than Content-Length said, throws TruncatedExportError: a short file is never answered.
 */
async function readFile(response: Response, label: RequestLabel, onProgress: () => void, timedOut: () => boolean, sink?: FileSink): Promise<string> {
  // A compressed body's Content-Length counts the compressed bytes, which fetch never shows.
  const declared = response.headers.has('content-encoding') ? null : response.headers.get('content-length');
  const expected = declared === null || !/^\d+$/.test(declared) ? undefined : Number(declared);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  // Streamed, the pieces go to the sink as they come; the answer's text is then empty.
  let sinkFailure: { error: unknown } | undefined;
  const put = async (text: string): Promise<void> => {
    if (sink === undefined) parts.push(text);
    else if (text !== '') {
      try {
        await sink.piece(text);
      } catch (error) {
        sinkFailure = { error };
        throw error;
      }
    }
  };
  sink?.begin();
  try {
    for (;;) {
      if (!reader) break;
      // The reader's own result type does not resolve under shared/'s libs; this is its shape.
      const chunk = (await reader.read()) as { done: boolean; value?: Uint8Array };
      if (chunk.done || !chunk.value) break;
      received += chunk.value.byteLength;
      await put(decoder.decode(chunk.value, { stream: true }));
      onProgress();
    }
  } catch (error) {
    // The sink's own failure (storing, reading the rows) is not the connection's.
    if (sinkFailure !== undefined) throw new SinkFailure(sinkFailure.error);
    if (timedOut()) throw error;
    const of = expected === undefined ? '' : ` of ${expected}`;
    throw new TruncatedExportError(label, `the connection ended after ${received}${of} bytes`, received, expected);
  }
  try {
    await put(decoder.decode());
  } catch (error) {
    throw new SinkFailure(error);
  }
  if (expected !== undefined && received !== expected) {
    throw new TruncatedExportError(label, `${received} bytes arrived where Content-Length said ${expected}`, received, expected);
  }
  return parts.join('');
}

/** Carries what a file sink threw through the transport untouched (see Transport.exchange). */
class SinkFailure extends Error {
  constructor(readonly error: unknown) {
    super('the file sink failed');
  }
}

/** A 401 that is not about the cluster: the token (or key) was refused. */
function isTokenRefusal(failure: ApiError): failure is ServiceError {
  return failure instanceof ServiceError && failure.status === 401 && !(failure instanceof WrongRegionError);
}

function isRetryable(failure: ApiError): boolean {
  if (failure instanceof NetworkError || failure instanceof TimeoutError) return true;
  if (failure instanceof RateLimitedError) return true;
  return failure instanceof ServiceError && failure.status >= 500;
}

function retryAfterOf(failure: ApiError): number | undefined {
  return failure instanceof RateLimitedError ? failure.retryAfterMs : undefined;
}
