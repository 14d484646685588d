import { DATE_FORMATS_TEXT, parseImportDate } from './dates';
import { checkBoolean, checkInteger, checkOneOf, checkRequired, checkString, warnUnknownKeys } from './field-checks';
import { ProblemReporter, isPlainObject, show } from './problems';
import { validateDiscount, validateGift } from './validate-discount';
import { IMPORTABLE_FIELDS, VOUCHER_TYPES, type Problem } from './voucher';

const REDEMPTION_FIELDS: ReadonlySet<string> = new Set(['quantity', 'redeemed_quantity', 'redeemed_amount']);
const REDEEMED_FIELDS = ['redeemed_quantity', 'redeemed_amount'] as const;
const TIMEFRAME_FIELDS: ReadonlySet<string> = new Set(['interval', 'duration']);
const TYPE_ALLOWED = `one of ${VOUCHER_TYPES.join(', ')}`;
const IMPORTABLE_TEXT = `importable fields: ${[...IMPORTABLE_FIELDS].join(', ')}`;
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
// Codes made only of these need no encoding; checked first because encoding allocates a new string.
const PATH_SAFE = /^[A-Za-z0-9\-_.!~*'()]*$/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** The code as a URL path segment, or null when it holds a lone surrogate, which no URL can carry. */
function encodeForPath(code: string): string | null {
  try {
    return encodeURIComponent(code);
  } catch {
    return null;
  }
}

/** A code must be non-empty text; characters a URL path cannot carry as-is are allowed but flagged. */
function checkCode(r: ProblemReporter, code: unknown): void {
  if (typeof code === 'string' && code.length > 0 && PATH_SAFE.test(code)) return;
  if (!checkRequired(r, 'code', code, 'a non-empty text')) return;
  if (typeof code !== 'string') {
    r.error('code', code, 'a non-empty text', `code ${show(code)} is not a text`);
    return;
  }
  if (code.trim() === '') {
    r.error('code', code, 'a non-empty text', 'code is only blank space');
    return;
  }
  if (CONTROL_CHARS.test(code)) {
    r.error('code', code, 'printable characters', `code ${show(code)} contains a control character (tab, line break, ...)`);
    return;
  }
  const encoded = encodeForPath(code);
  if (encoded === null) {
    r.error('code', code, 'well-formed Unicode text', `code ${show(code)} contains a broken Unicode character`);
    return;
  }
  if (code !== code.trim()) {
    r.warning('code', code, 'no leading or trailing spaces', `code ${show(code)} starts or ends with a space, which is kept as part of the code`);
  }
  if (encoded !== code) {
    r.warning(
      'code',
      code,
      "letters, digits and - _ . ! ~ * ' ( ) without encoding",
      `code ${show(code)} has characters that a URL path cannot carry as they are; it will be sent percent-encoded as ${encoded}`,
    );
  }
}

function checkDate(r: ProblemReporter, field: 'start_date' | 'expiration_date', value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const ms = typeof value === 'string' ? parseImportDate(value) : null;
  if (ms === null) r.error(field, value, DATE_FORMATS_TEXT, `${field} ${show(value)} is not a real date in one of the formats ${DATE_FORMATS_TEXT}`);
  return ms;
}

function checkDates(r: ProblemReporter, draft: Record<string, unknown>): void {
  const start = checkDate(r, 'start_date', draft['start_date']);
  const end = checkDate(r, 'expiration_date', draft['expiration_date']);
  if (start !== null && end !== null && start >= end) {
    r.error(
      'expiration_date',
      draft['expiration_date'],
      `a date after start_date ${String(draft['start_date'])}`,
      `expiration_date ${show(draft['expiration_date'])} is not after start_date ${show(draft['start_date'])}`,
    );
  }
}

function checkRedemption(r: ProblemReporter, redemption: unknown): void {
  if (!isPlainObject(redemption)) {
    r.error('redemption', redemption, 'an object with quantity', `redemption ${show(redemption)} is not an object`);
    return;
  }
  const quantity = redemption['quantity'];
  if (quantity !== undefined && quantity !== null) {
    checkInteger(r, 'redemption.quantity', quantity, 1, 'an integer, 1 or more, or null for unlimited');
  }
  for (const field of REDEEMED_FIELDS) {
    const value = redemption[field];
    if (value === undefined) continue;
    if (checkInteger(r, `redemption.${field}`, value, 0)) {
      r.warning(`redemption.${field}`, value, 'the CSV import', `redemption.${field} is taken only by the CSV import; the JSON import will skip it`);
    }
  }
  warnUnknownKeys(r, 'redemption', redemption, REDEMPTION_FIELDS, 'quantity, redeemed_quantity, redeemed_amount');
}

function checkDaysOfWeek(r: ProblemReporter, days: unknown): void {
  const allowed = 'a list of integers 0 (Sunday) to 6 (Saturday)';
  if (!Array.isArray(days)) {
    r.error('validity_day_of_week', days, allowed, `validity_day_of_week ${show(days)} is not ${allowed}`);
    return;
  }
  const seen = new Set<unknown>();
  days.forEach((day: unknown, i) => {
    const field = `validity_day_of_week[${i}]`;
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) {
      r.error(field, day, 'an integer 0 (Sunday) to 6 (Saturday)', `${field} ${show(day)} is not a day of week 0..6`);
    } else if (seen.has(day)) {
      r.warning(field, day, 'each day once', `${field} repeats day ${day}`);
    }
    seen.add(day);
  });
}

function checkTimeframe(r: ProblemReporter, draft: Record<string, unknown>): void {
  const timeframe = draft['validity_timeframe'];
  const allowed = 'an object with interval and duration as ISO 8601 durations (P1D, PT2H)';
  if (!isPlainObject(timeframe)) {
    r.error('validity_timeframe', timeframe, allowed, `validity_timeframe ${show(timeframe)} is not ${allowed}`);
    return;
  }
  if (draft['start_date'] === undefined || draft['start_date'] === null) {
    r.error('start_date', draft['start_date'], DATE_FORMATS_TEXT, 'start_date is required when validity_timeframe is used');
  }
  for (const field of TIMEFRAME_FIELDS) {
    const value = timeframe[field];
    if (value !== undefined && (typeof value !== 'string' || !ISO_DURATION.test(value))) {
      r.error(
        `validity_timeframe.${field}`,
        value,
        'an ISO 8601 duration such as P1D or PT2H',
        `validity_timeframe.${field} ${show(value)} is not an ISO 8601 duration`,
      );
    }
  }
  warnUnknownKeys(r, 'validity_timeframe', timeframe, TIMEFRAME_FIELDS, 'interval, duration');
}

function checkTypeSpecific(r: ProblemReporter, draft: Record<string, unknown>): void {
  const type = draft['type'];
  if (type === 'GIFT_VOUCHER') {
    if (draft['gift'] === undefined || draft['gift'] === null) r.error('gift', draft['gift'], 'a gift object', 'a GIFT_VOUCHER needs gift.amount');
    else validateGift(r, draft['gift']);
    if (draft['discount'] !== undefined && draft['discount'] !== null) {
      r.warning(
        'discount',
        draft['discount'],
        'no discount on a GIFT_VOUCHER',
        'discount is not imported for a GIFT_VOUCHER and will be skipped by the service',
      );
    }
  } else if (type === 'DISCOUNT_VOUCHER') {
    if (draft['discount'] === undefined || draft['discount'] === null)
      r.error('discount', draft['discount'], 'a discount object', 'a DISCOUNT_VOUCHER needs a discount');
    else validateDiscount(r, draft['discount']);
    if (draft['gift'] !== undefined && draft['gift'] !== null) {
      r.warning('gift', draft['gift'], 'no gift on a DISCOUNT_VOUCHER', 'gift is not imported for a DISCOUNT_VOUCHER and will be skipped by the service');
    }
  } else if (checkRequired(r, 'type', type, TYPE_ALLOWED)) {
    checkOneOf(r, 'type', type, VOUCHER_TYPES);
  }
}

/**
 * Every problem of one draft at once: errors the service would reject and warnings about what it
 * would skip or change. `row` is echoed into each problem so the caller can point at the line.
 */
export function validateDraft(draft: unknown, row: number): Problem[] {
  return checkDraft(draft, row, false);
}

/**
 * validateDraft for a draft the CSV mapper built: it holds importable fields only, so the scans
 * for unknown fields, a noticeable share of the time on a million rows, are left out.
 */
export function validateMappedDraft(draft: Record<string, unknown>, row: number): Problem[] {
  return checkDraft(draft, row, true);
}

/**
 * The problems of a code alone: what validateMappedDraft reports for a draft whose other fields
 * are known to have none (checkDraft checks the code first and nothing else looks at it).
 */
export function validateCodeOnly(code: string, row: number): Problem[] {
  const out: Problem[] = [];
  if (code.length > 0 && PATH_SAFE.test(code)) return out;
  checkCode(new ProblemReporter(row, code, out, true), code);
  return out;
}

function checkDraft(draft: unknown, row: number, knownShape: boolean): Problem[] {
  const out: Problem[] = [];
  if (!isPlainObject(draft)) {
    new ProblemReporter(row, '', out).error('', draft, 'a voucher object', `row ${row} is not a voucher object`);
    return out;
  }
  const code = draft['code'];
  const r = new ProblemReporter(row, typeof code === 'string' ? code : '', out, knownShape);
  checkCode(r, code);
  checkTypeSpecific(r, draft);
  checkDates(r, draft);
  if (draft['category'] !== undefined && draft['category'] !== null) checkString(r, 'category', draft['category']);
  if (draft['additional_info'] !== undefined && draft['additional_info'] !== null) checkString(r, 'additional_info', draft['additional_info']);
  if (draft['active'] !== undefined && draft['active'] !== null) checkBoolean(r, 'active', draft['active']);
  if (draft['metadata'] !== undefined && !isPlainObject(draft['metadata'])) {
    r.error('metadata', draft['metadata'], 'an object of custom attributes', `metadata ${show(draft['metadata'])} is not an object`);
  }
  if (draft['redemption'] !== undefined) checkRedemption(r, draft['redemption']);
  if (draft['validity_day_of_week'] !== undefined) checkDaysOfWeek(r, draft['validity_day_of_week']);
  if (draft['validity_timeframe'] !== undefined) checkTimeframe(r, draft);
  warnUnknownKeys(r, '', draft, IMPORTABLE_FIELDS, IMPORTABLE_TEXT);
  return out;
}
