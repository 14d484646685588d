/** A voucher as the sandbox stores it; `voucherObject` expands it to the full object of spec 2.4. */
export interface VoucherRecord {
  id: string;
  code: string;
  campaign: string | null;
  campaign_id: string | null;
  category: string | null;
  category_id: string | null;
  type: 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER' | 'LOYALTY_CARD';
  discount: Record<string, unknown> | null;
  gift: { amount: number; effect?: string } | null;
  loyalty_card: { points: number } | null;
  start_date: string | null;
  expiration_date: string | null;
  validity_timeframe: unknown;
  validity_day_of_week: number[] | null;
  active: boolean | null;
  additional_info: string | null;
  metadata: Record<string, unknown>;
  is_referral_code: boolean | null;
  redemption_quantity: number | null;
  redeemed_quantity: number;
  /** Gift cards: credit already spent, smallest currency unit. */
  redeemed_amount: number;
  holder_id: string | null;
  created_at: string;
  updated_at: string | null;
}

/** What a stored voucher lacking a field has there. */
export const VOUCHER_DEFAULTS: Omit<VoucherRecord, 'id' | 'code' | 'type' | 'created_at'> = {
  campaign: null,
  campaign_id: null,
  category: null,
  category_id: null,
  discount: null,
  gift: null,
  loyalty_card: null,
  start_date: null,
  expiration_date: null,
  validity_timeframe: null,
  validity_day_of_week: null,
  active: null,
  additional_info: null,
  metadata: {},
  is_referral_code: null,
  redemption_quantity: null,
  redeemed_quantity: 0,
  redeemed_amount: 0,
  holder_id: null,
  updated_at: null,
};

/** JSON without the fields at their defaults: bulk imports write 100,000 of these, so size is speed. */
export function compactVoucher(v: VoucherRecord): string {
  const out: Record<string, unknown> = {};
  for (const key in v) {
    const value = v[key as keyof VoucherRecord];
    if (value === null || ((key === 'redeemed_quantity' || key === 'redeemed_amount') && value === 0)) continue;
    if (key === 'metadata' && Object.keys(value as object).length === 0) continue;
    out[key] = value;
  }
  return JSON.stringify(out);
}

export function expandVoucher(json: string): VoucherRecord {
  const stored = JSON.parse(json) as VoucherRecord;
  return { ...VOUCHER_DEFAULTS, ...stored, metadata: stored.metadata ?? {} };
}

export function voucherObject(v: VoucherRecord): Record<string, unknown> {
  const path = `/v1/vouchers/${encodeURIComponent(v.code)}`;
  return {
    id: v.id,
    code: v.code,
    campaign: v.campaign,
    campaign_id: v.campaign_id,
    category: v.category,
    category_id: v.category_id,
    categories: v.category_id ? [{ id: v.category_id, name: v.category, hierarchy: 0, object: 'category' }] : [],
    type: v.type,
    discount: v.discount,
    gift: v.gift ? { amount: v.gift.amount, subtracted_amount: 0, balance: v.gift.amount - v.redeemed_amount, effect: v.gift.effect ?? null } : null,
    loyalty_card: v.loyalty_card ? { points: v.loyalty_card.points, balance: v.loyalty_card.points } : null,
    start_date: v.start_date,
    expiration_date: v.expiration_date,
    validity_timeframe: v.validity_timeframe ?? null,
    validity_day_of_week: v.validity_day_of_week,
    active: v.active,
    additional_info: v.additional_info,
    metadata: v.metadata,
    assets: {
      qr: { id: `qr_${v.id}`, url: `https://sandbox.invalid/assets/qr/${v.id}` },
      barcode: { id: `bar_${v.id}`, url: `https://sandbox.invalid/assets/barcode/${v.id}` },
    },
    is_referral_code: v.is_referral_code,
    created_at: v.created_at,
    updated_at: v.updated_at,
    holder_id: v.holder_id,
    referrer_id: null,
    publish: { object: 'list', count: 0, url: `${path}/publications?page=1&limit=10` },
    redemption: {
      quantity: v.redemption_quantity,
      redeemed_quantity: v.redeemed_quantity,
      ...(v.gift ? { redeemed_amount: v.redeemed_amount } : {}),
      object: 'list',
      url: `${path}/redemptions?limit=10`,
    },
    validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
    object: 'voucher',
  };
}
