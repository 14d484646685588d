import type { Publication } from '../api/operations/publications';
import { FILTER_FIELDS, type FieldValue, type FilterField } from './publication-filter';
import type { PublicationOrderKey } from './publication-order';

/**
 * What the listing's filters and orders read from one publication. A filter field is `undefined`
 * when the list item does not show it: the campaign of a multi-voucher or failed publication, and
 * the campaign id (`parent_object_id`) of every publication. Such a fact is learned from the query
 * a publication was pulled with (see `pinnedFacts`) or stays unknown.
 */
export type PublicationFacts = { [F in FilterField]: FieldValue | undefined } & {
  /** The codes the publication assigned (none for a failed one). */
  codes: string[];
} & { [K in Exclude<PublicationOrderKey, 'customer_id'>]: string | null };

function voucherType(item: Publication): FieldValue | undefined {
  if (item.result === 'FAILURE') return null;
  const voucher = item.voucher;
  if (!voucher) return undefined;
  if (voucher.discount) return 'discount';
  if (voucher.loyalty_card) return 'loyalty';
  if (voucher.gift) return 'gift';
  return undefined;
}

function referral(item: Publication): FieldValue | undefined {
  // A failed publication assigned no code, so none of its codes is a referral code.
  if (item.result === 'FAILURE') return false;
  return item.voucher ? item.voucher.is_referral_code === true : undefined;
}

/** The facts a list item shows by itself. */
export function factsOfPublication(item: Publication): PublicationFacts {
  const codes = item.voucher ? [item.voucher.code] : (item.vouchers ?? []);
  return {
    id: item.id,
    failure_code: item.failure_code ?? null,
    result: item.result,
    customer_id: item.customer_id,
    campaign_name: item.voucher ? (item.voucher.campaign ?? null) : undefined,
    voucher_type: voucherType(item),
    is_referral_code: referral(item),
    parent_object_id: undefined,
    related_object_id: item.vouchers_id ? (item.vouchers_id[0] ?? null) : undefined,
    source_id: 'source_id' in item ? (item.source_id ?? null) : undefined,
    codes,
    voucher_code: codes[0] ?? null,
    tracking_id: item.tracking_id ?? null,
    created_at: item.created_at ?? null,
    channel: item.channel ?? null,
  };
}

export type KnownFacts = Partial<Record<FilterField, FieldValue>>;

/** Fills the facts the item does not show from what is known from other pulls (newest first). */
export function withKnownFacts(facts: PublicationFacts, ...known: readonly KnownFacts[]): PublicationFacts {
  const out = { ...facts };
  for (const field of FILTER_FIELDS) {
    if (out[field] !== undefined) continue;
    const source = known.find((k) => k[field] !== undefined);
    if (source) out[field] = source[field];
  }
  return out;
}

export function unknownFields(facts: PublicationFacts): FilterField[] {
  return FILTER_FIELDS.filter((field) => facts[field] === undefined);
}
