import { z } from 'zod';

// The official answer of GET /v2/loyalties/earning-rules/{id}: `EarningRuleResponse` and what it
// references in the service's OpenAPI (voucherifyio/voucherify-openapi,
// documentation/openapi/loyalties-v2.json, as of commit 65c33a7a, 2026-08), restated in zod so the
// seeded rules are held to it. The OpenAPI's objects mostly say `additionalProperties: false`
// (strictObject here), and where a `type` picks one branch it says "this property holds an object"
// and "in this branch it is null" at once: nothing meets both, so a field that does not apply must
// be left out, not sent as null. Those branches are the discriminated unions below.

const MAX = Number.MAX_SAFE_INTEGER;
const int = (min: number, max = MAX) => z.number().int().min(min).max(max);
const idOf = (pattern: RegExp) => z.strictObject({ id: z.string().regex(pattern) });
const absentOrNull = z.null().optional();
const dateTime = z.iso.datetime({ offset: true });
const cardDefinitionId = z.string().regex(/^lcdef_[a-f0-9]+$/);

/** A `{ value, unit }` period whose largest value depends on its unit. */
const period = (maxByUnit: Record<string, number>) =>
  z
    .strictObject({ unit: z.enum(Object.keys(maxByUnit) as [string, ...string[]]), value: int(1) })
    .refine((p) => p.value <= (maxByUnit[p.unit] ?? 0), 'period value above the most its unit allows');

const rollingPeriod = period({ DAY: 90, MONTH: 12, YEAR: 5 });
const rounding = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('END_OF_PARTICULAR_MONTH'), value: int(1, 12) }),
  z.strictObject({ type: z.enum(['END_OF_MONTH', 'END_OF_QUARTER', 'END_OF_HALF_YEAR', 'END_OF_YEAR']), value: absentOrNull }),
]);
const rolling = z.strictObject({ period: rollingPeriod, rounding: rounding.nullable().optional() });

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const calendarDate = z
  .strictObject({ day: int(1, 31), month: int(1, 12) })
  .refine((d) => d.day <= (DAYS_IN_MONTH[d.month - 1] ?? 31), 'day past the end of its month');
const calendar = z.strictObject({ expiration_dates: z.array(calendarDate).min(1).max(20) });

const sliding = z
  .strictObject({
    earning_activity: z.boolean().optional(),
    spending_activity: z.boolean().optional(),
    custom_activity: z.boolean().optional(),
    custom_activity_types: z.array(z.string()).nullable().optional(),
    period: period({ DAY: 90, MONTH: 12, YEAR: 1 }),
  })
  .refine(
    (s) =>
      s.custom_activity !== true || (Array.isArray(s.custom_activity_types) && s.custom_activity_types.length >= 1 && s.custom_activity_types.length <= 10),
    'custom_activity needs 1 to 10 custom_activity_types',
  );

const pointsExpiration = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_EXPIRATION'), rolling_expiration: absentOrNull, calendar_expiration: absentOrNull, sliding_expiration: absentOrNull }),
  z.strictObject({ type: z.literal('ROLLING_EXPIRATION'), rolling_expiration: rolling, calendar_expiration: absentOrNull, sliding_expiration: absentOrNull }),
  z.strictObject({ type: z.literal('CALENDAR_EXPIRATION'), rolling_expiration: absentOrNull, calendar_expiration: calendar, sliding_expiration: absentOrNull }),
  z.strictObject({ type: z.literal('SLIDING_EXPIRATION'), rolling_expiration: absentOrNull, calendar_expiration: absentOrNull, sliding_expiration: sliding }),
]);

const rate = z.strictObject({ every: int(1), value: z.number().min(0).max(MAX) });
const metadataRate = rate.extend({ property: z.string().min(1) });
const applicableTo = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('product'), product: idOf(/^prod_[a-f0-9]+/) }),
  z.strictObject({ type: z.literal('sku'), sku: idOf(/^sku_[a-f0-9]+/) }),
  z.strictObject({ type: z.literal('products_collection'), products_collection: idOf(/^pc_[a-zA-Z0-9]+/) }),
]);
const itemsRate = rate.extend({ applicable_to: z.array(applicableTo).min(1) });
const order = z.strictObject({ amount: rate.optional(), total_amount: rate.optional(), metadata: metadataRate.optional() });
const orderItems = z.strictObject({ amount: itemsRate.optional(), subtotal_amount: itemsRate.optional(), quantity: itemsRate.optional() });
const metadataOnly = z.strictObject({ metadata: metadataRate });

/** Each calculation type needs one group (holding one calculation) and has none of the others. */
const proportionalOf = (calculation: string, group: 'order' | 'order_items' | 'customer' | 'custom_event', schema: z.ZodType) =>
  z.strictObject({
    calculation_type: z.literal(calculation),
    card_definition_id: cardDefinitionId,
    points_expiration: pointsExpiration.nullable().optional(),
    [group]: schema,
  });
const pointsProportional = z.discriminatedUnion('calculation_type', [
  proportionalOf('PRE_DISCOUNT_ORDER_AMOUNT', 'order', order.required({ amount: true })),
  proportionalOf('POST_DISCOUNT_ORDER_AMOUNT', 'order', order.required({ total_amount: true })),
  proportionalOf('ORDER_METADATA_VALUE', 'order', order.required({ metadata: true })),
  proportionalOf('PRE_DISCOUNT_ORDER_ITEMS_AMOUNT', 'order_items', orderItems.required({ amount: true })),
  proportionalOf('POST_DISCOUNT_ORDER_ITEMS_AMOUNT', 'order_items', orderItems.required({ subtotal_amount: true })),
  proportionalOf('ORDER_ITEMS_QUANTITY', 'order_items', orderItems.required({ quantity: true })),
  proportionalOf('CUSTOMER_METADATA_VALUE', 'customer', metadataOnly),
  proportionalOf('CUSTOM_EVENT_METADATA_VALUE', 'custom_event', metadataOnly),
]);

// No `incentive`: the object is closed, and an effect that gives something other than points is
// a BENEFIT effect with a `benefit` id.
const effect = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('POINTS'),
    points: z.strictObject({ value: int(0), card_definition_id: cardDefinitionId, points_expiration: pointsExpiration.nullable().optional() }),
  }),
  z.strictObject({ type: z.literal('POINTS_PROPORTIONAL'), points_proportional: pointsProportional }),
  z.strictObject({ type: z.literal('BENEFIT'), benefit: idOf(/^lben_[a-f0-9]+$/) }),
]);

const ruleError = z.strictObject({ message: z.string().min(1).max(200) });
const CONDITION_KEY = /^\$(is|is_not|in|not_in|less_than|less_than_or_equal|more_than|more_than_or_equal|from|dow)$/;
const conditionValue = z.union([
  z.strictObject({
    id: z.string().optional(),
    object: z.string().optional(),
    source_id: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
  }),
  z.string(),
  z.number().int(),
  z.boolean(),
]);
const conditions = z
  .record(z.string().regex(CONDITION_KEY), z.array(conditionValue).min(1))
  .refine((c) => Object.keys(c).length <= 10, 'at most 10 operators')
  .refine(
    (c) => c.$dow === undefined || (c.$dow.length <= 7 && c.$dow.every((d) => Number.isInteger(d) && Number(d) >= 0 && Number(d) <= 6)),
    '$dow holds 0-6',
  );

type RulesGroup = { logic: string } & Record<string, unknown>;
const definition: z.ZodType = z.lazy(() =>
  z.strictObject({
    name: z.string(),
    property: z.string().nullable().optional(),
    schema_id: z.string().nullable().optional(),
    error: ruleError.nullable().optional(),
    rules: rulesGroup.nullable().optional(),
    conditions: conditions.optional(),
  }),
);
// `logic` and at least one numbered definition ("1", "2", ...), nothing else.
const rulesGroup: z.ZodType<RulesGroup> = z.lazy(() =>
  z
    .object({ logic: z.string() })
    .catchall(definition)
    .refine((g) => Object.keys(g).length >= 2, 'a rules group needs at least one numbered rule')
    .refine((g) => Object.keys(g).every((k) => k === 'logic' || /^[1-9]\d*$/.test(k)), 'rule keys are numbers from 1'),
);

const tierRules = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_REQUIREMENTS'), any_of: absentOrNull }),
  z.strictObject({
    type: z.literal('ANY_OF'),
    any_of: z
      .array(z.strictObject({ tier_structure_id: z.string().regex(/^lts_[a-f0-9]+$/), tier_ids: z.array(z.string().regex(/^lt_[a-f0-9]+$/)).min(1) }))
      .min(1),
  }),
]);

const earning = z.object({
  id: z
    .string()
    .regex(/^lernei_[a-f0-9]+$/)
    .optional(),
  name: z.string().max(200).nullable().optional(),
  rules: rulesGroup.nullable().optional(),
  tier_rules: tierRules.nullable().optional(),
  effects: z.array(effect).optional(),
});

const trigger = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('customer.order.paid'), custom_event: absentOrNull, segment: absentOrNull }),
  z.strictObject({
    event: z.literal('customer.custom_event'),
    custom_event: z.strictObject({ schema_id: z.string().regex(/^ms_[a-zA-Z0-9]+/) }),
    segment: absentOrNull,
  }),
  z.strictObject({ event: z.literal('customer.segment.entered'), custom_event: absentOrNull, segment: idOf(/^seg_[a-zA-Z0-9]+/) }),
]);

const dailyHours = z.strictObject({
  days_of_week: z
    .array(int(0, 6))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'days_of_week holds each day once'),
  start_time: z.string(),
  end_time: z.string(),
});
const validityHours = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ANY_TIME'), daily: absentOrNull }),
  z.strictObject({ type: z.literal('DAILY'), daily: z.array(dailyHours).min(1) }),
]);

const cooldown = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_COOLDOWN'), fixed_cooldown: absentOrNull }),
  z.strictObject({
    type: z.literal('FIXED_COOLDOWN'),
    fixed_cooldown: z.strictObject({ period: period({ HOUR: 24, DAY: 90, WEEK: 52, MONTH: 12, YEAR: 1 }) }),
  }),
]);
const frequencyLimit = z.strictObject({
  type: z.literal('TIME_BASED'),
  period: z.strictObject({ type: z.literal('CURRENT_PERIOD'), current_period: z.strictObject({ unit: z.enum(['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']) }) }),
  triggers: z.strictObject({ max: int(1) }),
});
const frequency = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_LIMIT'), limits: z.array(frequencyLimit).max(0).nullable().optional() }),
  z.strictObject({ type: z.literal('LIMITED'), limits: z.array(frequencyLimit).length(1) }),
]);
const triggerLimits = z.strictObject({ cooldown: cooldown.nullable().optional(), frequency: frequency.nullable().optional() });

/** `EarningRuleResponse`: open at its top level, as the OpenAPI leaves it, and nothing required. */
export const earningRuleResponse = z.object({
  id: z
    .string()
    .regex(/^lern_[a-f0-9]+$/)
    .optional(),
  name: z.string().max(200).optional(),
  status: z.enum(['DRAFT', 'ACTIVE', 'INACTIVE']).optional(),
  earnings: z.array(earning).optional(),
  trigger: trigger.optional(),
  error: ruleError.nullable().optional(),
  validity_hours: validityHours.optional(),
  start_date: dateTime.nullable().optional(),
  end_date: dateTime.nullable().optional(),
  trigger_limits: triggerLimits.nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: dateTime.optional(),
  updated_at: dateTime.nullable().optional(),
  object: z.literal('earning_rule').optional(),
});
