import { InvalidRequestError } from './errors';

/**
 * One path segment, percent-encoded: a code may hold '/', '?', '#', '%', spaces or any letter.
 * Segments of only dots are encoded too, or URL parsers would resolve them as '.' and '..'.
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
  return /^\.+$/.test(encoded) ? encoded.replaceAll('.', '%2E') : encoded;
}

/** One `key=value` pair of a query string; keys are built by the client from fixed names. */
export function queryPair(key: string, value: string | number | boolean): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}
