import { DATE_FORMATS_TEXT } from './dates';
import { MONEY_ALLOWED } from './field-checks';
import { show } from './problems';
import type { Problem } from './voucher';

// Problems in people's words, for the app and the command line alike: the field as the grid labels
// it, what is wrong, and what to enter instead. The validators' own text, which names the JSON
// path, stays available as the details line.

const LABELS: Readonly<Record<string, string>> = {
  '': 'Row',
  code: 'Code',
  type: 'Type',
  gift: 'Gift amount',
  'gift.amount': 'Gift amount',
  'gift.effect': 'Gift applies to',
  discount: 'Discount',
  'discount.type': 'Discount kind',
  'discount.amount_off': 'Amount off',
  'discount.amount_off_formula': 'Amount off formula',
  'discount.percent_off': 'Percent off',
  'discount.amount_limit': 'Percent limit',
  'discount.fixed_amount': 'Fixed price',
  'discount.unit_off': 'Units off',
  'discount.unit_type': 'Unit product',
  'discount.units': 'Units',
  'discount.effect': 'Applies to',
  category: 'Category',
  active: 'Active',
  start_date: 'Start date',
  expiration_date: 'Expiration date',
  redemption: 'Redemption limit',
  'redemption.quantity': 'Redemption limit',
  'redemption.redeemed_quantity': 'Redeemed quantity',
  'redemption.redeemed_amount': 'Redeemed amount',
  additional_info: 'Additional info',
  metadata: 'Metadata',
  validity_timeframe: 'Validity timeframe',
  validity_day_of_week: 'Valid on days',
};

const MONEY_WORDS = 'a whole number in the smallest currency unit, 0 or more (12.50 is 1250)';

// `allowed` texts that read better said another way to a person.
const ALLOWED_WORDS: Readonly<Record<string, string>> = {
  [MONEY_ALLOWED]: MONEY_WORDS,
  'an integer in the smallest currency unit': MONEY_WORDS,
  [DATE_FORMATS_TEXT]: `a date such as 2026-12-31 or 2026-12-31T23:59 (accepted formats: ${DATE_FORMATS_TEXT})`,
  'one of GIFT_VOUCHER, DISCOUNT_VOUCHER': 'Gift card (GIFT_VOUCHER) or Discount (DISCOUNT_VOUCHER)',
  'a gift object': 'a gift amount',
  'a discount object': 'a discount: its kind and value',
  'an integer, 1 or more, or null for unlimited': 'a whole number, 1 or more, or nothing for unlimited',
};

/** The field's label as the grid shows it, for any path (`metadata.shop` is Metadata "shop"). */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known !== undefined) return known;
  if (field.startsWith('metadata.')) return `Metadata "${field.slice('metadata.'.length)}"`;
  const item = /^discount\.units\[(\d+)\]/.exec(field);
  if (item) return `Units, item ${Number(item[1]) + 1}`;
  const head = field.split(/[.[]/)[0] ?? field;
  return LABELS[head] ?? field.replace(/[._]/g, ' ');
}

export interface ProblemWords {
  /** The grid's label of the field. */
  label: string;
  /** What is wrong and what to do, in plain words. */
  text: string;
  /** The validator's message with the JSON path, for the details line. */
  details: string;
}

function missing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** What the wording needs of a problem (a problem that crossed the bridge may lack its value). */
export type WordedProblem = Pick<Problem, 'field' | 'allowed' | 'message' | 'severity'> & { value?: unknown };

function errorText(problem: WordedProblem, label: string): string {
  const allowed = ALLOWED_WORDS[problem.allowed] ?? problem.allowed;
  if (problem.allowed.startsWith('a date after start_date')) {
    return `${label} ${show(problem.value)} is not after the start date: pick a later expiration date or an earlier start date.`;
  }
  if (problem.field === 'start_date' && /validity_timeframe/.test(problem.message)) {
    return `${label} is missing: a validity timeframe needs a start date, ${allowed}.`;
  }
  if (problem.field === 'code' && problem.message.includes('already appears')) {
    return `${label} ${withoutPath(problem)}: change one of the codes or delete a row.`;
  }
  if (missing(problem.value)) return `${label} is missing: enter ${allowed}.`;
  return `${label} ${show(problem.value)} is not allowed: enter ${allowed}.`;
}

/** The validator's message without the path it starts with. */
function withoutPath(problem: WordedProblem): string {
  const { field, message } = problem;
  return field !== '' && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
}

export function problemWords(problem: WordedProblem): ProblemWords {
  const label = fieldLabel(problem.field);
  const text = problem.severity === 'error' ? errorText(problem, label) : `${label}: ${withoutPath(problem)}.`;
  return { label, text, details: problem.message };
}
