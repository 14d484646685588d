import { parseImportDate } from '../domain/dates';
import { InvalidRequestError } from './errors';

// Checks shared by the list queries: each throws before sending what the service would refuse.

export function checkInteger(parameter: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidRequestError(parameter, value, `an integer from ${min} to ${max}`);
  }
  return value;
}

export function checkEnum<T extends string>(parameter: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidRequestError(parameter, value, `one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function checkString(parameter: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new InvalidRequestError(parameter, value, 'a non-empty string');
  }
  return value;
}

export function checkBoolean(parameter: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InvalidRequestError(parameter, value, 'true or false');
  return value;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or date-time, as the stacks listing takes in `created_at[before]`. */
export function checkIsoDate(parameter: string, value: unknown): string {
  if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)) || !realDayAndHour(value)) {
    throw new InvalidRequestError(parameter, value, 'an ISO 8601 date (2024-05-01) or date-time (2024-05-01T10:00:00Z)');
  }
  return value;
}

/** Rejects keys the query type does not have, so a typo is not silently ignored. */
export function checkKnownKeys(parameter: string, value: object, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new InvalidRequestError(`${parameter}.${key}`, key, `only these keys: ${known.join(', ')}`);
    }
  }
}

/** Shared list limits (spec part 8). */
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
/** The service answers page_over_limit above this page (spec part 7). */
export const PAGE_MAX = 1000;
/** The stacks listing's own page maximum (spec 4.8). */
export const STACKS_PAGE_MAX = 100;

/**
 * Date.parse rolls a day past the month's end over (2026-02-30 is 2 March) and reads hour 24 as the
 * next midnight, so the day and the hour are checked as the import dates check them.
 */
function realDayAndHour(value: string): boolean {
  return parseImportDate(value.slice(0, 10)) !== null && (value.length <= 10 || Number(value.slice(11, 13)) < 24);
}
