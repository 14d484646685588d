import type { Publication } from '../../shared/api';
import type { KnownFacts, PublicationFacts } from '../../shared/domain/publication-facts';
import { unknownFields } from '../../shared/domain/publication-facts';
import { FILTER_FIELDS, type FieldValue } from '../../shared/domain/publication-filter';
import type { SqlValue } from '../store/statements';

/** The columns a query reads, without the JSON. */
export interface FactsRow extends Record<string, SqlValue> {
  id: string;
  created_at: string | null;
  customer_id: string | null;
  tracking_id: string | null;
  channel: string | null;
  voucher_code: string | null;
  codes: string;
  result: string | null;
  failure_code: string | null;
  campaign_name: string | null;
  voucher_type: string | null;
  is_referral_code: number | null;
  parent_object_id: string | null;
  related_object_id: string | null;
  source_id: string | null;
  unknown: string;
}

export const FACT_COLUMNS = [
  'id', 'created_at', 'customer_id', 'tracking_id', 'channel', 'voucher_code', 'codes', 'result', 'failure_code',
  'campaign_name', 'voucher_type', 'is_referral_code', 'parent_object_id', 'related_object_id', 'source_id', 'unknown',
] as const;

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
export function upsertParams(
  target: string,
  item: Publication,
  facts: PublicationFacts,
  learned: KnownFacts,
  pullId: number,
  pulledAt: string,
): SqlValue[] {
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

/** The facts of a stored row; the fields named in `unknown` come back undefined. */
export function factsOfRow(row: FactsRow): PublicationFacts {
  const facts: PublicationFacts = {
    id: row.id,
    created_at: row.created_at,
    tracking_id: row.tracking_id,
    channel: row.channel,
    voucher_code: row.voucher_code,
    codes: JSON.parse(row.codes) as string[],
    failure_code: row.failure_code,
    result: row.result,
    customer_id: row.customer_id,
    campaign_name: row.campaign_name,
    voucher_type: row.voucher_type,
    is_referral_code: row.is_referral_code === null ? null : row.is_referral_code === 1,
    parent_object_id: row.parent_object_id,
    related_object_id: row.related_object_id,
    source_id: row.source_id,
  };
  if (row.unknown !== '') {
    for (const field of FILTER_FIELDS) if (row.unknown.includes(`,${field},`)) facts[field] = undefined;
  }
  return facts;
}
