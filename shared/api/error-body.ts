import type { ServiceErrorBody } from './errors';

function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const SNIPPET_CHARS = 300;

/**
 * Reads the error object of spec 2.11 out of any answer body. Proxies and gateways answer with
 * HTML or plain text, so a body that is not the error object still yields one, from the status.
 */
export function parseErrorBody(status: number, statusText: string, text: string): ServiceErrorBody {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = record(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  // Some gateways wrap the object one level down.
  const obj = parsed && record(parsed.error) && parsed.message === undefined ? record(parsed.error) : parsed;
  if (!obj) {
    const snippet = text.trim().slice(0, SNIPPET_CHARS);
    return {
      code: status,
      message: `HTTP ${status}${statusText ? ` ${statusText}` : ''}`,
      ...(snippet && { details: snippet }),
    };
  }
  const code = typeof obj.code === 'number' && Number.isInteger(obj.code) ? obj.code : status;
  const inner = record(obj.error);
  const innerMessage = inner ? str(inner.message) : undefined;
  const body: ServiceErrorBody = {
    code,
    message: str(obj.message) ?? `HTTP ${status}${statusText ? ` ${statusText}` : ''}`,
  };
  const key = str(obj.key);
  const details = str(obj.details);
  const requestId = str(obj.request_id);
  const resourceId = str(obj.resource_id);
  const resourceType = str(obj.resource_type);
  if (key !== undefined) body.key = key;
  if (details !== undefined) body.details = details;
  if (requestId !== undefined) body.request_id = requestId;
  if (resourceId !== undefined) body.resource_id = resourceId;
  if (resourceType !== undefined) body.resource_type = resourceType;
  if (inner) body.error = innerMessage === undefined ? {} : { message: innerMessage };
  return body;
}

const CLUSTER_WORDS = /\b(cluster|region)s?\b/i;

/** The wrong-cluster answer: 401 keyed `wrong_cluster`, or a 401 whose text is about the cluster. */
export function isWrongCluster(status: number, body: ServiceErrorBody): boolean {
  if (status !== 401) return false;
  if (body.key === 'wrong_cluster') return true;
  return CLUSTER_WORDS.test(body.message) || CLUSTER_WORDS.test(body.details ?? '');
}
