import type { Problem, Severity } from './voucher';

export interface ProblemReporter {
  error(field: string, value: unknown, allowed: string, message: string): void;
  warning(field: string, value: unknown, allowed: string, message: string): void;
}

/** Collects problems of one row into `out`, filling in the row and code every problem repeats. */
export function problemReporter(row: number, code: string, out: Problem[]): ProblemReporter {
  const add = (severity: Severity) => (field: string, value: unknown, allowed: string, message: string) => {
    out.push({ row, code, field, value, allowed, message, severity });
  };
  return { error: add('error'), warning: add('warning') };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Short quoted text of a value for messages; long values are cut so a message stays readable. */
export function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'nothing' : JSON.stringify(value);
  const safe = text ?? String(value);
  return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe;
}
