import { seedIso } from './seed-catalog';

// Earning rules in the live service's shapes (ids, trigger events, expiration rounding, applicable_to)
// where the spec leaves them out, so the app reads here what it will read from the service. They
// follow the official schema (`EarningRuleResponse` of the loyalties v2 OpenAPI): its objects are
// closed, and a field that does not apply to the chosen `type` is left out rather than sent as null
// (the schema wants an object there and null at once). So a POINTS_PROPORTIONAL effect holds only
// the calculation group its calculation_type uses, and an effect carries no `incentive` (spec 4.3
// names one; the schema has none, giving other rewards as BENEFIT effects).

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

/** One earning with one effect, which holds `points` or `points_proportional` as its type says. */
const earning = (id: string, name: string, effect: { type: 'POINTS'; points: object } | { type: 'POINTS_PROPORTIONAL'; points_proportional: object }) => ({
  id,
  name,
  // A rules group needs at least one numbered rule; an earning with no conditions has none.
  rules: null,
  tier_rules: { type: 'NO_REQUIREMENTS', any_of: null },
  effects: [effect],
});

const product = (id: string) => ({ type: 'product', product: { id } });
const sku = (id: string) => ({ type: 'sku', sku: { id } });
const collection = (id: string) => ({ type: 'products_collection', products_collection: { id } });

export const SEED_EARNING_RULES = [
  {
    ...ruleBase(SEED_EARNING_RULE_IDS.points, 'Ten points per paid order', 'ACTIVE', 5),
    error: { message: 'Points could not be added to your loyalty card.' },
    trigger_limits: {
      cooldown: { type: 'NO_COOLDOWN', fixed_cooldown: null },
      frequency: { type: 'NO_LIMIT', limits: [] },
    },
    earnings: [
      earning('lernei_1a2b3c4d5e6f7081', 'Flat points', {
        type: 'POINTS',
        points: { value: 10, card_definition_id: CARD_DEFINITION, points_expiration: { type: 'NO_EXPIRATION' } },
      }),
    ],
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
    earnings: [
      earning('lernei_9f8e7d6c5b4a3921', 'Proportional points', {
        type: 'POINTS_PROPORTIONAL',
        points_proportional: {
          calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
          card_definition_id: CARD_DEFINITION,
          points_expiration: {
            type: 'ROLLING_EXPIRATION',
            rolling_expiration: { period: { value: 90, unit: 'DAY' }, rounding: { type: 'END_OF_PARTICULAR_MONTH', value: 6 } },
          },
          order: { amount: { every: 1000, value: 1 } },
        },
      }),
      earning('lernei_4d5c6b7a8f9e0312', 'Points for chosen items', {
        type: 'POINTS_PROPORTIONAL',
        points_proportional: {
          calculation_type: 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT',
          card_definition_id: CARD_DEFINITION,
          points_expiration: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } },
          order_items: {
            amount: {
              every: 500,
              value: 1,
              applicable_to: [product('prod_0f4c1e8a9b2d7c35'), sku('sku_6a0d2f91c3e8b547'), collection('pc_3c7b9e15a2f0d846')],
            },
          },
        },
      }),
    ],
  },
];
