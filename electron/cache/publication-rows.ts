import type { Publication } from '../../shared/api';
import type { KnownFacts, PublicationFacts } from '../../shared/domain/publication-facts';
import { unknownFields } from '../../shared/domain/publication-facts';
import { FILTER_FIELDS, type FieldValue, type FilterField } from '../../shared/domain/publication-filter';
import type { SqlValue } from '../store/statements';
import { REF_COLUMNS, type RefValues } from './publication-json';
import { storedItem, type Intern } from './publication-parts';

export const FACT_COLUMNS = [
  'id',
  'created_at',
  'customer_id',
  'tracking_id',
  'channel',
  'voucher_code',
  'codes',
  'result',
  'failure_code',
  'campaign_name',
  'voucher_type',
  'is_referral_code',
  'parent_object_id',
  'related_object_id',
  'source_id',
  'unknown',
] as const;

/**
 * The columns a query reads, as one JSON array a row: sql.js returns one text column many times
 * faster than sixteen separate ones, which is most of an offline query's time.
 */
export const FACTS_SELECT = `json_array(${FACT_COLUMNS.map((c) => (c === 'codes' ? 'json(codes)' : c)).join(', ')}) AS facts`;

type FactsTuple = [
  id: string,
  created_at: string | null,
  customer_id: string | null,
  tracking_id: string | null,
  channel: string | null,
  voucher_code: string | null,
  codes: string[],
  result: string | null,
  failure_code: string | null,
  campaign_name: string | null,
  voucher_type: string | null,
  is_referral_code: number | null,
  parent_object_id: string | null,
  related_object_id: string | null,
  source_id: string | null,
  unknown: string,
];

function toColumn(value: FieldValue | undefined): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Bit `i` of a row's `unknown_mask` is set when FILTER_FIELDS[i] is unknown: a test SQL evaluates without parsing text. */
export function unknownBit(field: FilterField): number {
  return 1 << FILTER_FIELDS.indexOf(field);
}

export function unknownMaskOf(fields: readonly FilterField[]): number {
  return fields.reduce((mask, field) => mask | unknownBit(field), 0);
}

/**
 * The service compares two values as numbers when both read as finite numbers (JavaScript's
 * `Number`), else as text. SQL cannot read a number the way `Number` does, so each row keeps the
 * fields that do read as numbers, as a JSON object (`null` when none, as for nearly every row).
 */
export function numbersOf(texts: Partial<Record<FilterField, string | null>>): string | null {
  const numbers: Partial<Record<FilterField, number>> = {};
  for (const field of FILTER_FIELDS) {
    const text = texts[field];
    if (text === undefined || text === null || text === '') continue;
    const value = Number(text);
    if (Number.isFinite(value)) numbers[field] = value;
  }
  return Object.keys(numbers).length === 0 ? null : JSON.stringify(numbers);
}

/** The text a filter compares for a known value (booleans as 'true'/'false'). */
function textOf(value: FieldValue | undefined): string | null | undefined {
  return value === undefined || value === null ? value : String(value);
}

/**
 * One sortable form for every instant (UTC, milliseconds, `Z`), so text order is time order and a
 * time range is a text range; a value that does not read as a date is kept as it is.
 */
export function sortableInstant(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/**
 * Whether a `created_at` column (of `table`, when given) holds an instant in that form. Anything else
 * came as it was and sorts among them by text only ('sometime' after every year), so it never gives
 * a first or last instant and lies in no bucket of time.
 */
export function sortableTimeSql(table?: string): string {
  const column = table === undefined ? 'created_at' : `${table}.created_at`;
  return `${column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'`;
}

/** The columns of a row as versions 2 and 3 stored it, with the item's JSON whole, in wideRowParams' order. */
export const WIDE_COLUMNS = ['target', ...FACT_COLUMNS, 'unknown_mask', 'numbers', 'failure_message', 'learned', 'json', 'pull_id', 'pulled_at'];
const JSON_AT = WIDE_COLUMNS.indexOf('json');

/** The columns of a stored row, in upsertParams' order: the JSON as its shape and rest (see publication-json.ts). */
export const STORED_COLUMNS = [...WIDE_COLUMNS.slice(0, JSON_AT), 'shape', 'rest', ...WIDE_COLUMNS.slice(JSON_AT + 1)];

/** Stores a row by (target, id), replacing the one there: `publications` is a view whose insert upserts (see publication-layout.ts). */
export function upsertSql(): string {
  const columns = STORED_COLUMNS;
  return `INSERT INTO publications (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
}

/** Parameters for `upsertSql`, in its column order; `intern` numbers the item's shape and parts (see partInterner). */
export function upsertParams(
  intern: Intern,
  target: string,
  item: Publication,
  facts: PublicationFacts,
  learned: KnownFacts,
  pullId: number,
  pulledAt: string,
): SqlValue[] {
  const wide = wideRowParams(target, item, facts, learned, pullId, pulledAt);
  const refs = Object.fromEntries(REF_COLUMNS.map((c) => [c, wide[WIDE_COLUMNS.indexOf(c)]])) as RefValues;
  const { shape, rest } = storedItem(intern, wide[JSON_AT] as string, refs);
  return [...wide.slice(0, JSON_AT), shape, rest, ...wide.slice(JSON_AT + 1)];
}

/** The row as versions 2 and 3 stored it (WIDE_COLUMNS): what version 4 encodes, and what tests of older versions write. */
export function wideRowParams(target: string, item: Publication, facts: PublicationFacts, learned: KnownFacts, pullId: number, pulledAt: string): SqlValue[] {
  const unknown = unknownFields(facts);
  const texts = Object.fromEntries(FILTER_FIELDS.map((field) => [field, textOf(facts[field])]));
  return [
    target,
    item.id,
    sortableInstant(facts.created_at),
    toColumn(facts.customer_id),
    facts.tracking_id,
    facts.channel,
    facts.voucher_code,
    JSON.stringify(facts.codes),
    toColumn(facts.result),
    toColumn(facts.failure_code),
    toColumn(facts.campaign_name),
    toColumn(facts.voucher_type),
    toColumn(facts.is_referral_code),
    toColumn(facts.parent_object_id),
    toColumn(facts.related_object_id),
    toColumn(facts.source_id),
    unknown.length === 0 ? '' : `,${unknown.join(',')},`,
    unknownMaskOf(unknown),
    numbersOf(texts),
    item.failure_message ?? null,
    JSON.stringify(learned),
    JSON.stringify(item),
    pullId,
    pulledAt,
  ];
}

/** The facts of a row read with FACTS_SELECT; the fields named in `unknown` come back undefined. */
export function factsOfRow(text: string): PublicationFacts {
  const [
    id,
    created_at,
    customer_id,
    tracking_id,
    channel,
    voucher_code,
    codes,
    result,
    failure_code,
    campaign_name,
    voucher_type,
    referral,
    parent_object_id,
    related_object_id,
    source_id,
    unknown,
  ] = JSON.parse(text) as FactsTuple;
  const facts: PublicationFacts = {
    id,
    created_at,
    tracking_id,
    channel,
    voucher_code,
    codes,
    failure_code,
    result,
    customer_id,
    campaign_name,
    voucher_type,
    is_referral_code: referral === null ? null : referral === 1,
    parent_object_id,
    related_object_id,
    source_id,
  };
  if (unknown !== '') {
    for (const field of FILTER_FIELDS) if (unknown.includes(`,${field},`)) facts[field] = undefined;
  }
  return facts;
}
