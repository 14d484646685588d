// The six formats of spec 4.4: YYYY-MM-DD, ...THH, ...THH:mm, ...THH:mm:ss, ...THH:mm:ssZ, ...THH:mm:ss.SSSZ.
const IMPORT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(Z|\.(\d{3})Z)?)?)?)?$/;

export const DATE_FORMATS_TEXT = 'YYYY-MM-DD, YYYY-MM-DDTHH, YYYY-MM-DDTHH:mm, YYYY-MM-DDTHH:mm:ss, YYYY-MM-DDTHH:mm:ssZ or YYYY-MM-DDTHH:mm:ss.SSSZ';

/** The date as an ISO 8601 string in UTC, or undefined when it is not one of the accepted formats. */
export function normalizeImportDate(value: string): string | undefined {
  const m = IMPORT_DATE.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s, , ms] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, ms ?? 0));
  const sameParts = date.getUTCFullYear() === y && date.getUTCMonth() === (mo ?? 1) - 1 && date.getUTCDate() === d && (h ?? 0) < 24;
  return sameParts && (mi ?? 0) < 60 && (s ?? 0) < 60 ? date.toISOString() : undefined;
}

/** ISO 8601 date or date-time, as the stack listing's `created_at[before]` takes it; NaN when invalid. */
export function parseIsoDate(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return Number.NaN;
  return Date.parse(value);
}
