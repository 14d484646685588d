// The six date formats the import operations accept (spec 4.4), and nothing else: an offset such
// as +02:00, a missing leading zero or a space instead of T is rejected by the service.

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY-MM-DDTHH',
  'YYYY-MM-DDTHH:mm',
  'YYYY-MM-DDTHH:mm:ss',
  'YYYY-MM-DDTHH:mm:ssZ',
  'YYYY-MM-DDTHH:mm:ss.SSSZ',
] as const;

export const DATE_FORMATS_TEXT = DATE_FORMATS.join(', ');

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:(?:\.(\d{3}))?Z)?)?)?)?$/;

/**
 * Epoch milliseconds of a date in one of the six formats, or null when the text is in none of
 * them or names a day or time that does not exist (2025-02-30, hour 24). Formats without `Z` are
 * read as UTC so that start and expiration can be compared.
 */
export function parseImportDate(text: string): number | null {
  const m = DATE_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second, millis] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const back = new Date(ms);
  // Date.UTC rolls 02-30 over into March; a day that changed on the way back did not exist.
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || back.getUTCFullYear() !== year) return null;
  return ms;
}
