import type { Publication } from '../../shared/api';
import type { KnownFacts, PublicationFacts } from '../../shared/domain/publication-facts';
import { unknownFields } from '../../shared/domain/publication-facts';
import { FILTER_FIELDS, type FieldValue } from '../../shared/domain/publication-filter';
import type { SqlValue } from '../store/statements';

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

export function upsertSql(): string {
  const columns = ['target', ...FACT_COLUMNS, 'learned', 'json', 'pull_id', 'pulled_at'];
  const updates = columns.filter((c) => c !== 'target' && c !== 'id').map((c) => `${c} = excluded.${c}`);
  return `INSERT INTO publications (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT (target, id) DO UPDATE SET ${updates.join(', ')}`;
}

/** Parameters for `upsertSql`, in its column order. */
export function upsertParams(target: string, item: Publication, facts: PublicationFacts, learned: KnownFacts, pullId: number, pulledAt: string): SqlValue[] {
  const unknown = unknownFields(facts);
  return [
    target,
    item.id,
    facts.created_at,
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
