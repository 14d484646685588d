import { InvalidRequestError } from './errors';

/**
 * One path segment, percent-encoded: a code may hold '/', '?', '#', '%', spaces or any letter.
 * '.' and '..' cannot be addressed: URL parsers resolve them (also as %2E) before sending.
 */
export function segment(value: string, parameter: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new InvalidRequestError(parameter, value, 'a non-empty string');
  }
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new InvalidRequestError(parameter, value, 'text without unpaired surrogate characters');
  }
  if (value === '.' || value === '..') {
    throw new InvalidRequestError(parameter, value, "any text but '.' or '..', which a URL path cannot carry");
  }
  return encoded;
}

/** One `key=value` pair of a query string; keys are built by the client from fixed names. */
export function queryPair(key: string, value: string | number | boolean): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}
