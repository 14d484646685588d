import { seedIso } from './seed-catalog';

export const SEED_STACKS = [
  { id: 'stack_summer00001', name: 'Summer basics', campaign_id: 'camp_summersale01', hours: 10, updated: 400, tiers: ['promo_summer00010', 'promo_summer00020'] },
  { id: 'stack_summer00002', name: 'Summer weekend', campaign_id: 'camp_summersale01', hours: 60, updated: null, tiers: ['promo_summer00030'] },
  { id: 'stack_summer00003', name: 'Autumn preview', campaign_id: 'camp_summersale01', hours: 200, updated: 900, tiers: ['promo_summer00040', 'promo_summer00010'] },
  { id: 'stack_refer000001', name: 'Referral rewards', campaign_id: 'camp_referfriend1', hours: 30, updated: null, tiers: ['promo_refer000010'] },
  { id: 'stack_loyal000001', name: 'Loyalty tiers', campaign_id: 'camp_loyaltyclub1', hours: 120, updated: 150, tiers: ['promo_loyal000010', 'promo_loyal000020', 'promo_loyal000030'] },
].map((s) => ({
  id: s.id,
  name: s.name,
  created_at: seedIso(s.hours),
  ...(s.updated === null ? {} : { updated_at: seedIso(s.updated) }),
  campaign_id: s.campaign_id,
  object: 'promotion_stack',
  tiers: { ids: s.tiers, hierarchy_mode: 'MANUAL' },
}));

const noExpiration = { type: 'NO_EXPIRATION' };
const everyDay = { daily: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], start_time: '00:00', end_time: '23:59' }] };
const triggerLimits = {
  cooldown: { type: 'NO_COOLDOWN', fixed_cooldown: { period: { value: 1, unit: 'HOUR' } } },
  frequency: {
    type: 'NO_LIMIT',
    limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 3 } }],
  },
};

const ruleBase = (id: string, name: string, status: string, hours: number) => ({
  id,
  name,
  status,
  trigger: { event: 'order.paid', custom_event: { schema_id: null }, segment: { id: null } },
  metadata: {},
  created_at: seedIso(hours),
  updated_at: seedIso(hours + 5),
  start_date: seedIso(hours),
  end_date: null,
  object: 'earning_rule',
  error: { message: null },
  validity_hours: everyDay,
  trigger_limits: triggerLimits,
});

/** One earning with one POINTS effect; `effect` holds either `points` or `points_proportional`. */
const earning = (name: string, incentiveId: string, effect: Record<string, unknown>) => [
  { name, rules: { logic: '' }, tier_rules: { type: 'NO_REQUIREMENTS' }, effects: [{ type: 'POINTS', incentive: { id: incentiveId }, ...effect }] },
];

export const SEED_EARNING_RULES = [
  {
    ...ruleBase('ern_points0000001', 'Ten points per paid order', 'ACTIVE', 5),
    earnings: earning('Flat points', 'inc_points000001', {
      points: { value: 10, card_definition_id: 'lcdef_loyaltyclub1', points_expiration: noExpiration },
    }),
  },
  {
    ...ruleBase('ern_proportional1', 'One point per 10 spent', 'DRAFT', 6),
    earnings: earning('Proportional points', 'inc_points000002', {
      points_proportional: {
        calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
        card_definition_id: 'lcdef_loyaltyclub1',
        points_expiration: {
          type: 'ROLLING_EXPIRATION',
          rolling_expiration: { period: { value: 90, unit: 'DAY' }, rounding: { type: 'END_OF_MONTH', value: 0 } },
        },
        order: { amount: { every: 1000, value: 1 }, total_amount: { every: 1000, value: 1 }, metadata: { every: 1, value: 1, property: 'visits' } },
        customer: { metadata: { every: 1, value: 2, property: 'referrals' } },
        order_items: {
          amount: { every: 500, value: 1, applicable_to: [{ type: 'product', product: { id: 'prod_coffee00001' }, sku: { id: null }, products_collection: { id: null } }] },
          subtotal_amount: { every: 500, value: 1, applicable_to: [] },
          quantity: { every: 1, value: 1, applicable_to: [] },
        },
      },
    }),
  },
];

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
