import type { Campaign } from './campaigns';

// Fixed ids and dates, so the seeded project looks the same on every start and tests can name things.
const SEED_TIME = Date.UTC(2025, 5, 1, 9);

export const seedIso = (hoursAfter: number): string => new Date(SEED_TIME + hoursAfter * 3_600_000).toISOString();

export interface SeedCustomer {
  id: string;
  source_id: string;
  name: string;
  email: string;
}

export const SEED_CUSTOMERS: SeedCustomer[] = [
  { id: 'cust_alice0001', source_id: 'alice@example.com', name: 'Alice Moreau', email: 'alice@example.com' },
  { id: 'cust_bruno0002', source_id: 'crm-0002', name: 'Bruno Silva', email: 'bruno@example.com' },
  { id: 'cust_chen00003', source_id: 'crm-0003', name: 'Chen Wei', email: 'chen@example.com' },
  { id: 'cust_dara00004', source_id: 'crm-0004', name: 'Dara Okafor', email: 'dara@example.com' },
  { id: 'cust_emil00005', source_id: 'crm-0005', name: 'Emil Berg', email: 'emil@example.com' },
];

export const SEED_CATEGORIES = [
  { id: 'cat_newcustomers', name: 'New customers' },
  { id: 'cat_seasonal0001', name: 'Seasonal' },
];

export const voucherDefaults = (over: Partial<Campaign['voucher']>): Campaign['voucher'] => ({
  type: 'DISCOUNT_VOUCHER',
  discount: null,
  gift: null,
  loyalty_card: null,
  redemption_quantity: null,
  start_date: null,
  expiration_date: null,
  active: true,
  category: null,
  category_id: null,
  additional_info: null,
  metadata: {},
  ...over,
});

export const SEED_CAMPAIGNS: Campaign[] = [
  {
    id: 'camp_summersale01',
    name: 'Summer Sale',
    campaign_type: 'DISCOUNT_COUPONS',
    created_at: seedIso(0),
    voucher: voucherDefaults({
      discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' },
      redemption_quantity: 1,
      start_date: '2025-06-01T00:00:00.000Z',
      expiration_date: '2026-12-31T23:59:59.000Z',
      category: 'Seasonal',
      category_id: 'cat_seasonal0001',
      metadata: { season: 'summer' },
    }),
  },
  {
    id: 'camp_loyaltyclub1',
    name: 'Loyalty Club',
    campaign_type: 'LOYALTY_PROGRAM',
    created_at: seedIso(1),
    voucher: voucherDefaults({ type: 'LOYALTY_CARD', loyalty_card: { points: 0 } }),
  },
  {
    id: 'camp_referfriend1',
    name: 'Refer a Friend',
    campaign_type: 'REFERRAL_PROGRAM',
    created_at: seedIso(2),
    voucher: voucherDefaults({ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }, redemption_quantity: 5 }),
  },
  {
    id: 'camp_giftcards26',
    name: 'Gift Cards 2026',
    campaign_type: 'GIFT_VOUCHERS',
    created_at: seedIso(3),
    voucher: voucherDefaults({ type: 'GIFT_VOUCHER', gift: { amount: 5000 } }),
  },
];
