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

/** The number written by `count` ASCII digits at `start`, or -1 when any of them is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

const FOUR_CENTURIES_MS = 146_097 * 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
}

// Read by position rather than with a regular expression: this runs for every row of a
// million-row file, and the six formats differ only in where they stop.
const FORMAT_LENGTHS = new Set([10, 13, 16, 19, 20, 24]);

/**
 * Epoch milliseconds of a date in one of the six formats, or null when the text is in none of
 * them or names a day or time that does not exist (2025-02-30, hour 24). Formats without `Z` are
 * read as UTC so that start and expiration can be compared.
 */
export function parseImportDate(text: string): number | null {
  for (let i = 0; i < RECENT_SIZE; i++) if (recentTexts[i] === text) return recentValues[i] as number | null;
  const value = parseDate(text);
  recentTexts[recentNext] = text;
  recentValues[recentNext] = value;
  recentNext = (recentNext + 1) % RECENT_SIZE;
  return value;
}

// Rows of one batch mostly share their start and expiration dates, so the last few answers are kept.
const RECENT_SIZE = 4;
const recentTexts: (string | undefined)[] = new Array<string | undefined>(RECENT_SIZE).fill(undefined);
const recentValues: (number | null)[] = new Array<number | null>(RECENT_SIZE).fill(null);
let recentNext = 0;

function parseDate(text: string): number | null {
  const n = text.length;
  if (!FORMAT_LENGTHS.has(n) || text[4] !== '-' || text[7] !== '-') return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = n > 10 && text[10] === 'T' ? digits(text, 11, 2) : n > 10 ? -1 : 0;
  const minute = n > 13 && text[13] === ':' ? digits(text, 14, 2) : n > 13 ? -1 : 0;
  const second = n > 16 && text[16] === ':' ? digits(text, 17, 2) : n > 16 ? -1 : 0;
  const zoneOk = n < 20 || (n === 20 ? text[19] === 'Z' : text[19] === '.' && text[23] === 'Z');
  const millis = n === 24 ? digits(text, 20, 3) : 0;
  if (year < 0 || day < 1 || hour < 0 || minute < 0 || second < 0 || millis < 0 || !zoneOk) return null;
  if (month < 1 || month > 12 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  // Date.UTC reads years 0..99 as 1900..1999; shifting by 400 years (exactly 146,097 days) avoids that.
  return Date.UTC(year + 400, month - 1, day, hour, minute, second, millis) - FOUR_CENTURIES_MS;
}
