import { show, type ProblemReporter } from './problems';

// Each check reports at most one problem for its field and says whether the value was usable.

export const MONEY_ALLOWED = 'an integer in the smallest currency unit (12.50 is written 1250), 0 or more';

export function checkRequired(r: ProblemReporter, field: string, value: unknown, allowed: string): boolean {
  if (value !== undefined && value !== null && value !== '') return true;
  r.error(field, value, allowed, `${field} is required`);
  return false;
}

export function checkInteger(r: ProblemReporter, field: string, value: unknown, min: number, allowedText?: string): boolean {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return true;
  const allowed = allowedText ?? `an integer, ${min} or more`;
  const why =
    typeof value !== 'number' || !Number.isFinite(value)
      ? 'is not a number'
      : !Number.isInteger(value)
        ? 'is not a whole number'
        : value < min
          ? `is below ${min}`
          : 'is too large';
  r.error(field, value, allowed, `${field} ${show(value)} ${why}; expected ${allowed}`);
  return false;
}

export function checkMoney(r: ProblemReporter, field: string, value: unknown): boolean {
  return checkInteger(r, field, value, 0, MONEY_ALLOWED);
}

export function checkString(r: ProblemReporter, field: string, value: unknown, nonEmpty = false): boolean {
  if (typeof value === 'string' && (!nonEmpty || value.trim() !== '')) return true;
  const allowed = nonEmpty ? 'a non-empty text' : 'a text';
  r.error(field, value, allowed, `${field} ${show(value)} is not ${allowed}`);
  return false;
}

export function checkBoolean(r: ProblemReporter, field: string, value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  r.error(field, value, 'true or false', `${field} ${show(value)} is not true or false`);
  return false;
}

export function checkOneOf<T extends string>(r: ProblemReporter, field: string, value: unknown, options: readonly T[]): value is T {
  if (typeof value === 'string' && (options as readonly string[]).includes(value)) return true;
  const allowed = `one of ${options.join(', ')}`;
  r.error(field, value, allowed, `${field} ${show(value)} is not ${allowed}`);
  return false;
}

/** Fields an object carries beyond `known` are skipped by the service; say so rather than lose them silently. */
export function warnUnknownKeys(r: ProblemReporter, prefix: string, object: Record<string, unknown>, known: ReadonlySet<string>, allowedText: string): void {
  if (r.knownShape) return;
  for (const key in object) {
    if (known.has(key) || !Object.hasOwn(object, key)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    r.warning(field, object[key], allowedText, `${field} is not an importable field and will be skipped by the service`);
  }
}
