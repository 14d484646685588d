import { seedIso } from './seed-catalog';

export const SEED_STACKS = [
  {
    id: 'stack_summer00001',
    name: 'Summer basics',
    campaign_id: 'camp_summersale01',
    hours: 10,
    updated: 400,
    tiers: ['promo_summer00010', 'promo_summer00020'],
  },
  { id: 'stack_summer00002', name: 'Summer weekend', campaign_id: 'camp_summersale01', hours: 60, updated: null, tiers: ['promo_summer00030'] },
  {
    id: 'stack_summer00003',
    name: 'Autumn preview',
    campaign_id: 'camp_summersale01',
    hours: 200,
    updated: 900,
    tiers: ['promo_summer00040', 'promo_summer00010'],
  },
  { id: 'stack_refer000001', name: 'Referral rewards', campaign_id: 'camp_referfriend1', hours: 30, updated: null, tiers: ['promo_refer000010'] },
  {
    id: 'stack_loyal000001',
    name: 'Loyalty tiers',
    campaign_id: 'camp_loyaltyclub1',
    hours: 120,
    updated: 150,
    tiers: ['promo_loyal000010', 'promo_loyal000020', 'promo_loyal000030'],
  },
].map((s) => ({
  id: s.id,
  name: s.name,
  created_at: seedIso(s.hours),
  ...(s.updated === null ? {} : { updated_at: seedIso(s.updated) }),
  campaign_id: s.campaign_id,
  object: 'promotion_stack',
  tiers: { ids: s.tiers, hierarchy_mode: 'MANUAL' },
}));

export const SEED_REWARDS = [
  {
    id: 'rew_seedgiftcredit',
    name: 'Gift card top-up 20.00',
    type: 'CAMPAIGN',
    stock: null,
    redeemed: null,
    metadata: {},
    created_at: seedIso(8),
    updated_at: null,
    object: 'reward',
    parameters: { campaign: { id: 'camp_giftcards26', balance: 2000, type: 'GIFT_VOUCHERS' } },
  },
  {
    id: 'rew_seedmugmaterial',
    name: 'Coffee mug',
    type: 'MATERIAL',
    stock: 50,
    redeemed: 0,
    metadata: { colour: 'blue' },
    created_at: seedIso(9),
    updated_at: null,
    object: 'reward',
    attributes: { image_url: 'https://sandbox.invalid/img/mug.png', description: 'A blue mug' },
    parameters: { product: { id: 'prod_mug000000001', sku_id: null } },
  },
];
