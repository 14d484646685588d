import { seedIso } from './seed-catalog';

// Earning rules in the live service's shapes (ids, trigger events, expiration rounding, applicable_to)
// where the spec leaves them out, so the app reads here what it will read from the service.

/** The ids of the seeded rules, for tests and docs that fetch them. */
export const SEED_EARNING_RULE_IDS = { points: 'lern_0c9f3a51d2e84b76', proportional: 'lern_7e21b08c4fa9d365' } as const;

const CARD_DEFINITION = 'lcdef_5b3e9a07c1d24f68';

const trigger = { event: 'customer.order.paid', custom_event: null, segment: null };
const everyDay = { type: 'DAILY', daily: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], start_time: '00:00', end_time: '23:59' }] };

const ruleBase = (id: string, name: string, status: string, hours: number) => ({
  id,
  name,
  status,
  trigger,
  metadata: {},
  created_at: seedIso(hours),
  updated_at: seedIso(hours + 5),
  start_date: seedIso(hours),
  end_date: null,
  object: 'earning_rule',
  validity_hours: everyDay,
});

/** One earning with one POINTS effect; `effect` holds either `points` or `points_proportional`. */
const earning = (id: string, name: string, effect: Record<string, unknown>) => [
  { id, name, rules: { logic: '' }, tier_rules: { type: 'NO_REQUIREMENTS', any_of: null }, effects: [{ type: 'POINTS', ...effect }] },
];

const product = (id: string) => ({ type: 'product', product: { id }, sku: null, products_collection: null });
const sku = (id: string) => ({ type: 'sku', product: null, sku: { id }, products_collection: null });
const collection = (id: string) => ({ type: 'products_collection', product: null, sku: null, products_collection: { id } });

export const SEED_EARNING_RULES = [
  {
    ...ruleBase(SEED_EARNING_RULE_IDS.points, 'Ten points per paid order', 'ACTIVE', 5),
    error: { message: 'Points could not be added to your loyalty card.' },
    trigger_limits: {
      cooldown: { type: 'NO_COOLDOWN', fixed_cooldown: null },
      frequency: { type: 'NO_LIMIT', limits: [] },
    },
    earnings: earning('lernei_1a2b3c4d5e6f7081', 'Flat points', {
      points: { value: 10, card_definition_id: CARD_DEFINITION, points_expiration: { type: 'NO_EXPIRATION' } },
    }),
  },
  {
    ...ruleBase(SEED_EARNING_RULE_IDS.proportional, 'One point per 10 spent', 'DRAFT', 6),
    error: { message: 'This order earns no points.' },
    trigger_limits: {
      cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { value: 1, unit: 'HOUR' } } },
      frequency: {
        type: 'LIMITED',
        limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 3 } }],
      },
    },
    earnings: earning('lernei_9f8e7d6c5b4a3921', 'Proportional points', {
      points_proportional: {
        calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
        card_definition_id: CARD_DEFINITION,
        points_expiration: {
          type: 'ROLLING_EXPIRATION',
          rolling_expiration: { period: { value: 90, unit: 'DAY' }, rounding: { type: 'END_OF_PARTICULAR_MONTH', value: 6 } },
        },
        order: { amount: { every: 1000, value: 1 }, total_amount: { every: 1000, value: 1 }, metadata: { every: 1, value: 1, property: 'visits' } },
        customer: { metadata: { every: 1, value: 2, property: 'referrals' } },
        order_items: {
          amount: { every: 500, value: 1, applicable_to: [product('prod_0f4c1e8a9b2d7c35')] },
          subtotal_amount: { every: 500, value: 1, applicable_to: [sku('sku_6a0d2f91c3e8b547')] },
          quantity: { every: 1, value: 1, applicable_to: [collection('pc_3c7b9e15a2f0d846'), product('prod_0f4c1e8a9b2d7c35')] },
        },
      },
    }),
  },
];
