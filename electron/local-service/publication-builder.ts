import type { Campaign } from './campaigns';
import type { PublicationDoc } from './publication-doc';
import type { SeedCustomer } from './seed-catalog';
import type { VoucherRecord } from './voucher-record';

/** A seeded customer; `created_at` defaults to the fixed seed day. */
export interface CustomerRecord extends SeedCustomer {
  created_at?: string;
}

/** The customer object embedded in a publication (spec 2.3). */
export function customerObject(c: CustomerRecord, points: number, fallbackCreatedAt: string): Record<string, unknown> & { id: string } {
  const createdAt = c.created_at ?? fallbackCreatedAt;
  return {
    id: c.id,
    source_id: c.source_id,
    name: c.name,
    email: c.email,
    metadata: {},
    summary: { redemptions: { total_redeemed: 0, total_failed: 0, total_succeeded: 0 }, orders: { total_amount: 0, total_count: 0 } },
    loyalty: { points, referred_customers: 0, campaigns: {} },
    referrals: { total: 0, campaigns: [] },
    system_metadata: {},
    created_at: createdAt,
    updated_at: createdAt,
    assets: {
      cockpit_url: `https://sandbox.invalid/pages/cockpits/${c.id}`,
      cockpit_preference_center_url: `https://sandbox.invalid/pages/cockpits/${c.id}/preferences`,
    },
    object: 'customer',
  };
}

export const voucherIdOf = (code: string): string => `v_seed_${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/** A code of the campaign published to `holder`, with the campaign's voucher defaults. */
export function campaignVoucher(campaign: Campaign, code: string, holder: string, createdAt: string): VoucherRecord {
  const v = campaign.voucher;
  // Fields listed one by one, not spread: spreading the defaults and then overriding made each
  // voucher cost ~80 µs in V8, which a 100,000-publication seed cannot afford.
  return {
    type: v.type,
    discount: v.discount,
    gift: v.gift,
    loyalty_card: v.type === 'LOYALTY_CARD' ? { points: 120 } : null,
    redemption_quantity: v.redemption_quantity,
    start_date: v.start_date,
    expiration_date: v.expiration_date,
    active: v.active,
    category: v.category,
    category_id: v.category_id,
    additional_info: v.additional_info,
    metadata: v.metadata,
    id: voucherIdOf(code),
    code,
    campaign: campaign.name,
    campaign_id: campaign.id,
    is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM',
    redeemed_quantity: 0,
    redeemed_amount: 0,
    holder_id: holder,
    validity_timeframe: null,
    validity_day_of_week: null,
    created_at: createdAt,
    updated_at: null,
  };
}

/** The simplified voucher a single-code publication shows (spec 2.2), as `campaignVoucher` makes the code. */
function simplifiedOf(campaign: Campaign, code: string): Record<string, unknown> {
  const { gift, discount, type } = campaign.voucher;
  const out: Record<string, unknown> = { code, object: 'voucher', campaign: campaign.name };
  if (gift) out.gift = { amount: gift.amount, balance: gift.amount };
  if (discount) out.discount = discount;
  if (type === 'LOYALTY_CARD') out.loyalty_card = { points: 120, balance: 120 };
  out.is_referral_code = campaign.campaign_type === 'REFERRAL_PROGRAM';
  return out;
}

const TYPE_OF: Record<Campaign['campaign_type'], PublicationDoc['facts']['voucher_type']> = {
  DISCOUNT_COUPONS: 'discount',
  REFERRAL_PROGRAM: 'discount',
  LOYALTY_PROGRAM: 'loyalty',
  GIFT_VOUCHERS: 'gift',
};

/** One publication to build: the codes it published when it succeeded (one or several), or why it failed. */
export interface PublicationPlan {
  id: string;
  createdAt: string;
  campaign: Campaign;
  customer: Record<string, unknown> & { id: string };
  /** The customer's source_id when the publication named the customer by it. */
  trackingId: string | null;
  channel: string;
  sourceId: string | null;
  metadata: Record<string, unknown>;
  outcome: { codes: string[] } | { failure_code: string; failure_message: string };
}

/** The list item in the variant of spec 2.2 its outcome calls for, and the facts its filters read. */
export function publicationDoc(plan: PublicationPlan): PublicationDoc {
  const { campaign, outcome } = plan;
  const codes = 'codes' in outcome ? outcome.codes : [];
  const voucherIds = codes.map(voucherIdOf);
  const failed = !('codes' in outcome);
  // Built field by field in the order the service shows them; a conditional spread here made the
  // 100,000-publication seed several times slower.
  const item: Record<string, unknown> = { id: plan.id, object: 'publication', created_at: plan.createdAt, customer_id: plan.customer.id };
  if (plan.trackingId !== null) item.tracking_id = plan.trackingId;
  item.metadata = plan.metadata;
  item.channel = plan.channel;
  item.source_id = plan.sourceId;
  item.customer = plan.customer;
  item.vouchers_id = voucherIds;
  item.result = failed ? 'FAILURE' : 'SUCCESS';
  if (failed) {
    item.failure_code = outcome.failure_code;
    item.failure_message = outcome.failure_message;
  } else if (codes.length > 1) item.vouchers = codes;
  else item.voucher = simplifiedOf(campaign, codes[0] as string);
  return {
    item: item as PublicationDoc['item'],
    facts: {
      failure_code: failed ? outcome.failure_code : null,
      result: failed ? 'FAILURE' : 'SUCCESS',
      customer_id: plan.customer.id,
      campaign_name: campaign.name,
      voucher_type: failed ? null : TYPE_OF[campaign.campaign_type],
      is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM' && !failed,
      parent_object_id: campaign.id,
      related_object_id: voucherIds[0] ?? null,
      source_id: plan.sourceId,
      voucher_code: codes[0] ?? null,
      tracking_id: plan.trackingId,
      codes,
    },
  };
}

/** The vouchers the successful publications hold, in publication order, each as `campaignVoucher` makes it. */
export function vouchersOf(publications: readonly PublicationDoc[], campaigns: readonly Campaign[]): VoucherRecord[] {
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  return publications.flatMap(({ item, facts }) => {
    const campaign = byId.get(facts.parent_object_id ?? '');
    return campaign ? facts.codes.map((code) => campaignVoucher(campaign, code, facts.customer_id, item.created_at)) : [];
  });
}
