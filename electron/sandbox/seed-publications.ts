import type { Campaign } from './campaigns';
import type { PublicationDoc } from './publication-doc';
import { SEED_CAMPAIGNS, seedIso, type SeedCustomer, SEED_CUSTOMERS } from './seed-catalog';
import type { VoucherRecord } from './voucher-record';

const CHANNELS = ['API', 'Email', 'SMS', 'Voucherify Dashboard'];
const FAILURES = [
  { failure_code: 'no_voucher_suitable_for_publication', failure_message: 'No voucher suitable for publication in campaign Summer Sale.' },
  { failure_code: 'customer_rules_violated', failure_message: 'The customer does not satisfy the campaign rules.' },
];

function customerObject(c: SeedCustomer, points: number): Record<string, unknown> {
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
    created_at: seedIso(-24),
    updated_at: seedIso(-24),
    assets: {
      cockpit_url: `https://sandbox.invalid/pages/cockpits/${c.id}`,
      cockpit_preference_center_url: `https://sandbox.invalid/pages/cockpits/${c.id}/preferences`,
    },
    object: 'customer',
  };
}

function campaignVoucher(campaign: Campaign, code: string, holder: string, createdAt: string): VoucherRecord {
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

/** Thirty publications of all three variants over the seeded customers and campaigns, with their vouchers. */
export function seedPublications(): { publications: PublicationDoc[]; vouchers: VoucherRecord[] } {
  const [summer, loyalty, referral, gifts] = SEED_CAMPAIGNS as [Campaign, Campaign, Campaign, Campaign];
  const plan: (Campaign | 'multi' | 'failure')[] = [summer, loyalty, referral, 'multi', 'failure', gifts];
  const publications: PublicationDoc[] = [];
  const vouchers: VoucherRecord[] = [];
  for (let i = 0; i < 30; i += 1) {
    const customer = SEED_CUSTOMERS[i % SEED_CUSTOMERS.length] as SeedCustomer;
    const createdAt = seedIso(24 + i * 37);
    const kind = plan[i % plan.length] ?? 'failure';
    const campaign = kind === 'multi' || kind === 'failure' ? summer : kind;
    const n = String(i + 1).padStart(3, '0');
    const prefix = campaign.name.split(' ')[0]?.toUpperCase() ?? 'CODE';
    const codes = kind === 'failure' ? [] : kind === 'multi' ? [`${prefix}-${n}A`, `${prefix}-${n}B`] : [`${prefix}-${n}`];
    const issued = codes.map((code) => campaignVoucher(campaign, code, customer.id, createdAt));
    vouchers.push(...issued);
    const sourceId = i % 3 === 0 ? `order-${1000 + i}` : null;
    const item: PublicationDoc['item'] = {
      id: `pub_seed${n}`,
      object: 'publication',
      created_at: createdAt,
      customer_id: customer.id,
      tracking_id: customer.source_id,
      metadata: i % 2 === 0 ? { source_type: 'distribution', distribution_id: `distr_seed${i % 4}` } : {},
      channel: CHANNELS[i % CHANNELS.length] ?? 'API',
      source_id: sourceId,
      customer: customerObject(customer, kind === loyalty ? 120 : 0),
      vouchers_id: issued.map((v) => v.id),
      result: kind === 'failure' ? 'FAILURE' : 'SUCCESS',
    };
    if (kind === 'failure') Object.assign(item, FAILURES[i % FAILURES.length]);
    else if (kind === 'multi') item.vouchers = codes;
    else item.voucher = simplified(issued[0] as VoucherRecord);
    publications.push({
      item,
      facts: {
        failure_code: kind === 'failure' ? String(item.failure_code) : null,
        result: kind === 'failure' ? 'FAILURE' : 'SUCCESS',
        customer_id: customer.id,
        campaign_name: campaign.name,
        voucher_type: kind === 'failure' ? null : TYPE_OF[campaign.campaign_type],
        is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM' && kind !== 'failure',
        parent_object_id: campaign.id,
        related_object_id: issued[0]?.id ?? null,
        source_id: sourceId,
        voucher_code: codes[0] ?? null,
        tracking_id: customer.source_id,
        codes,
      },
    });
  }
  return { publications, vouchers };
}
