// Every failure the client reports is one of these classes, so callers branch on type, not text.

/** The fields of the service's error object (spec 2.11), all as the service sent them. */
export interface ServiceErrorBody {
  code: number;
  key?: string;
  message: string;
  details?: string;
  request_id?: string;
  resource_id?: string;
  resource_type?: string;
  error?: { message?: string };
}

export interface RequestLabel {
  method: string;
  path: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
}

/** Any non-2xx answer of the service. */
export class ServiceError extends ApiError {
  override name = 'ServiceError';
  readonly status: number;
  readonly code: number;
  readonly key: string | undefined;
  readonly details: string | undefined;
  readonly request_id: string | undefined;
  readonly resource_id: string | undefined;
  readonly resource_type: string | undefined;
  readonly error: { message?: string } | undefined;
  readonly method: string;
  readonly path: string;
  /** The service's own `message`; subclasses put a user-facing explanation in `message`. */
  readonly serviceMessage: string;

  constructor(status: number, body: ServiceErrorBody, request: RequestLabel, message: string = body.message) {
    super(message);
    this.serviceMessage = body.message;
    this.status = status;
    this.code = body.code;
    this.key = body.key;
    this.details = body.details;
    this.request_id = body.request_id;
    this.resource_id = body.resource_id;
    this.resource_type = body.resource_type;
    this.error = body.error;
    this.method = request.method;
    this.path = request.path;
  }
}

/** The error object a ServiceError was made from, with the service's own message. */
export function errorBodyOf(error: ServiceError): ServiceErrorBody {
  return {
    code: error.code,
    key: error.key,
    message: error.serviceMessage,
    details: error.details,
    request_id: error.request_id,
    resource_id: error.resource_id,
    resource_type: error.resource_type,
    error: error.error,
  };
}

/** The project lives on another cluster than the one called. */
export class WrongRegionError extends ServiceError {
  override name = 'WrongRegionError';
  constructor(status: number, body: ServiceErrorBody, request: RequestLabel, calledTarget: string) {
    super(
      status,
      body,
      request,
      `This project is not hosted on ${calledTarget}. Pick the region that hosts the project ` +
        `(Europe, United States, Asia, or the project's dedicated cluster URL) in the connection settings.` +
        (body.details ? ` The service says: ${body.details}` : ''),
    );
  }
}

/** The key pair (or every token it can mint) was refused: blocked, deleted, or wrong. */
export class CredentialsRejectedError extends ServiceError {
  override name = 'CredentialsRejectedError';
  constructor(status: number, body: ServiceErrorBody, request: RequestLabel) {
    super(
      status,
      body,
      request,
      `The service rejected the API key (${body.message}). Check that the Application ID and Secret Key ` +
        `are right and that the key is not blocked or deleted.`,
    );
  }
}

/**
 * 429: a rate limit was reached; `retryAfterMs` says when calls may resume, when the service said so.
 * `fromService`: the answer carried the service's rate headers (Retry-After or X-Rate-Limit-*), so the
 * service itself refused the call; a bare 429 may come from something in between.
 */
export class RateLimitedError extends ServiceError {
  override name = 'RateLimitedError';
  readonly retryAfterMs: number | undefined;
  readonly limitType: string | undefined;
  readonly fromService: boolean;
  constructor(
    status: number,
    body: ServiceErrorBody,
    request: RequestLabel,
    retryAfterMs: number | undefined,
    limitType: string | undefined,
    fromService = true,
  ) {
    super(status, body, request);
    this.retryAfterMs = retryAfterMs;
    this.limitType = limitType;
    this.fromService = fromService;
  }
}

/**
 * A non-2xx answer whose body is not the service's error object (an HTML page, plain text, nothing):
 * a gateway or proxy answered, and a write behind it may well have been carried out.
 */
export class GatewayError extends ServiceError {
  override name = 'GatewayError';
}

/** The service's own error object with this status (a gateway's page with the same status proves nothing). */
export function isServiceAnswer(error: unknown, status: number): error is ServiceError {
  return error instanceof ServiceError && !(error instanceof GatewayError) && error.status === status;
}

/** The connection failed or dropped; on a write the service may or may not have carried it out. */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  readonly outcomeUnknown: boolean;
  constructor(request: RequestLabel, outcomeUnknown: boolean, cause: unknown) {
    super(
      `${request.method} ${request.path} failed: no answer from the service (${causeText(cause)})` +
        (outcomeUnknown ? '; the write may or may not have been carried out' : ''),
      { cause },
    );
    this.outcomeUnknown = outcomeUnknown;
  }
}

export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
  readonly outcomeUnknown: boolean;
  readonly timeoutMs: number;
  constructor(request: RequestLabel, outcomeUnknown: boolean, timeoutMs: number) {
    super(
      `${request.method} ${request.path} got no answer within ${timeoutMs} ms` + (outcomeUnknown ? '; the write may or may not have been carried out' : ''),
    );
    this.outcomeUnknown = outcomeUnknown;
    this.timeoutMs = timeoutMs;
  }
}

/** Rejected before sending: the service would refuse this parameter. */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
  readonly parameter: string;
  readonly value: unknown;
  readonly allowed: string;
  constructor(parameter: string, value: unknown, allowed: string) {
    super(`Invalid ${parameter}: ${JSON.stringify(value) ?? String(value)}; allowed: ${allowed}`);
    this.parameter = parameter;
    this.value = value;
    this.allowed = allowed;
  }
}

/** A 2xx answer that cannot be read: not JSON, or lacking a field the client needs. */
export class UnexpectedResponseError extends ApiError {
  override name = 'UnexpectedResponseError';
  readonly request_id: string | undefined;
  constructor(request: RequestLabel, problem: string, requestId: string | undefined) {
    super(`Unexpected answer to ${request.method} ${request.path}: ${problem}`);
    this.request_id = requestId;
  }
}

function causeText(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
    return `${cause.message}${inner}`;
  }
  return String(cause);
}

/** The export ended in status ERROR on the service: it has no file, and asking again will not make one. */
export class ExportFailedError extends ApiError {
  override name = 'ExportFailedError';
  readonly exportId: string;
  constructor(exportId: string) {
    super(`Export ${exportId} ended in status ERROR on the service; it has no file. Create a new export.`);
    this.exportId = exportId;
  }
}

/**
 * An export file that arrived incomplete: the connection ended early, fewer bytes than
 * Content-Length, or a last line or quoted cell left open. Never returned as a shorter file.
 */
export class TruncatedExportError extends ApiError {
  override name = 'TruncatedExportError';
  readonly receivedBytes: number;
  readonly expectedBytes: number | undefined;
  constructor(request: RequestLabel, problem: string, receivedBytes: number, expectedBytes: number | undefined) {
    super(`The export file from ${request.method} ${request.path} was cut short: ${problem}. Download it again.`);
    this.receivedBytes = receivedBytes;
    this.expectedBytes = expectedBytes;
  }
}

/** The download address refused the export's token (401): the address is wrong or has expired. */
export class ExportTokenRejectedError extends ServiceError {
  override name = 'ExportTokenRejectedError';
  constructor(status: number, body: ServiceErrorBody, request: RequestLabel) {
    super(status, body, request, `The download address refused the export's token (${body.message}). Get the export again for a fresh address.`);
  }
}
