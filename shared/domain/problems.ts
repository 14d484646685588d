import type { Problem, Severity } from './voucher';

/** Collects problems of one row into `out`, filling in the row and code every problem repeats. */
export class ProblemReporter {
  constructor(
    private readonly row: number,
    private readonly code: string,
    private readonly out: Problem[],
    /** True when the object was built by this code from known fields only, so unknown-key scans can be skipped. */
    readonly knownShape = false,
  ) {}

  error(field: string, value: unknown, allowed: string, message: string): void {
    this.add('error', field, value, allowed, message);
  }

  warning(field: string, value: unknown, allowed: string, message: string): void {
    this.add('warning', field, value, allowed, message);
  }

  private add(severity: Severity, field: string, value: unknown, allowed: string, message: string): void {
    this.out.push({ row: this.row, code: this.code, field, value, allowed, message, severity });
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Short quoted text of a value for messages; long values are cut so a message stays readable. */
export function show(value: unknown): string {
  let text: string | undefined;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'bigint') text = `${value}n`;
  else text = JSON.stringify(value);
  const safe = text ?? String(value);
  return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe;
}
