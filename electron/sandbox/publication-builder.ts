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

/** A code of the campaign published to `holder`, with the campaign's voucher defaults. */
export function campaignVoucher(campaign: Campaign, code: string, holder: string, createdAt: string): VoucherRecord {
  return {
    ...campaign.voucher,
    id: `v_seed_${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    code,
    campaign: campaign.name,
    campaign_id: campaign.id,
    loyalty_card: campaign.voucher.type === 'LOYALTY_CARD' ? { points: 120 } : null,
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

function simplified(v: VoucherRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { code: v.code, object: 'voucher', campaign: v.campaign };
  if (v.gift) out.gift = { amount: v.gift.amount, balance: v.gift.amount };
  if (v.discount) out.discount = v.discount;
  if (v.loyalty_card) out.loyalty_card = { points: v.loyalty_card.points, balance: v.loyalty_card.points };
  out.is_referral_code = v.is_referral_code === true;
  return out;
}

const TYPE_OF: Record<Campaign['campaign_type'], PublicationDoc['facts']['voucher_type']> = {
  DISCOUNT_COUPONS: 'discount',
  REFERRAL_PROGRAM: 'discount',
  LOYALTY_PROGRAM: 'loyalty',
  GIFT_VOUCHERS: 'gift',
};

/** One publication to build: its vouchers when it succeeded (one or several), or why it failed. */
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
  outcome: { vouchers: VoucherRecord[] } | { failure_code: string; failure_message: string };
}

/** The list item in the variant of spec 2.2 its outcome calls for, and the facts its filters read. */
export function publicationDoc(plan: PublicationPlan): PublicationDoc {
  const { campaign, outcome } = plan;
  const issued = 'vouchers' in outcome ? outcome.vouchers : [];
  const codes = issued.map((v) => v.code);
  const failed = !('vouchers' in outcome);
  const item: PublicationDoc['item'] = {
    id: plan.id,
    object: 'publication',
    created_at: plan.createdAt,
    customer_id: plan.customer.id,
    ...(plan.trackingId !== null && { tracking_id: plan.trackingId }),
    metadata: plan.metadata,
    channel: plan.channel,
    source_id: plan.sourceId,
    customer: plan.customer,
    vouchers_id: issued.map((v) => v.id),
    result: failed ? 'FAILURE' : 'SUCCESS',
  };
  if (failed) Object.assign(item, { failure_code: outcome.failure_code, failure_message: outcome.failure_message });
  else if (issued.length > 1) item.vouchers = codes;
  else item.voucher = simplified(issued[0] as VoucherRecord);
  return {
    item,
    facts: {
      failure_code: failed ? outcome.failure_code : null,
      result: failed ? 'FAILURE' : 'SUCCESS',
      customer_id: plan.customer.id,
      campaign_name: campaign.name,
      voucher_type: failed ? null : TYPE_OF[campaign.campaign_type],
      is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM' && !failed,
      parent_object_id: campaign.id,
      related_object_id: issued[0]?.id ?? null,
      source_id: plan.sourceId,
      voucher_code: codes[0] ?? null,
      tracking_id: plan.trackingId,
      codes,
    },
  };
}
