import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_EARNING_RULE_IDS, startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import { SEED_EARNING_RULES } from '../../../electron/local-service/seed-earning-rules';
import { earningRuleResponse } from './earning-rule-schema';
import { bearer, call, expectErrorObject, token } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

type Stack = { id: string; name: string; created_at: string; updated_at?: string; campaign_id: string };

describe('promotion stacks', () => {
  it('lists the stacks of one campaign and answers 404 for an unknown campaign', async () => {
    const answer = await call(sb, 'GET', '/v1/promotions/camp_summersale01/stacks');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'list', data_ref: 'data' });
    expect(answer.body.total).toBe(answer.body.data.length);
    expect(answer.body.data.length).toBeGreaterThan(1);
    for (const s of answer.body.data) {
      expect(s).toMatchObject({ campaign_id: 'camp_summersale01', object: 'promotion_stack', tiers: { hierarchy_mode: 'MANUAL' } });
      expect(Array.isArray(s.tiers.ids)).toBe(true);
    }
    const missing = await call(sb, 'GET', '/v1/promotions/camp_nope/stacks');
    expectErrorObject(missing, 404, 'not_found');
    expect(missing.body).toMatchObject({ resource_id: 'camp_nope', resource_type: 'campaign' });
  });

  it('lists stacks across campaigns with limit, page, the six orders and date ranges', async () => {
    const all: Stack[] = (await call(sb, 'GET', '/v1/promotions/stacks?limit=100')).body.data;
    expect(new Set(all.map((s) => s.campaign_id)).size).toBeGreaterThan(1);
    expect(all.some((s) => s.updated_at === undefined)).toBe(true);
    const page2 = await call(sb, 'GET', '/v1/promotions/stacks?limit=2&page=2&order=created_at');
    const byCreated = [...all].sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(page2.body.data.map((s: Stack) => s.id)).toEqual(byCreated.slice(2, 4).map((s) => s.id));
    expect(page2.body.total).toBe(all.length);
    for (const key of ['created_at', 'updated_at', 'name'] as const) {
      for (const order of [key, `-${key}`]) {
        const got: Stack[] = (await call(sb, 'GET', `/v1/promotions/stacks?limit=100&order=${order}`)).body.data;
        const values = got.map((s) => s[key]).filter((v): v is string => v !== undefined);
        const sorted = [...values].sort();
        expect(values, order).toEqual(order.startsWith('-') ? sorted.reverse() : sorted);
      }
    }
    const mid = byCreated[2]?.created_at as string;
    const after = await call(sb, 'GET', `/v1/promotions/stacks?limit=100&created_at[after]=${mid}`);
    expect(after.body.data.map((s: Stack) => s.id).sort()).toEqual(
      all
        .filter((s) => s.created_at > mid)
        .map((s) => s.id)
        .sort(),
    );
    const day = mid.slice(0, 10);
    const before = await call(sb, 'GET', `/v1/promotions/stacks?limit=100&created_at[before]=${day}`);
    expect(before.body.data.map((s: Stack) => s.id).sort()).toEqual(
      all
        .filter((s) => s.created_at < `${day}T00:00:00.000Z`)
        .map((s) => s.id)
        .sort(),
    );
    const updated = await call(sb, 'GET', '/v1/promotions/stacks?limit=100&updated_at[after]=2000-01-01');
    expect(updated.body.data.map((s: Stack) => s.id).sort()).toEqual(
      all
        .filter((s) => s.updated_at)
        .map((s) => s.id)
        .sort(),
    );
  });

  it('checks the stack listing query', async () => {
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=101', 'order=id', 'created_at[after]=yesterday', 'updated_at[before]=2026-13-45x']) {
      expectErrorObject(await call(sb, 'GET', `/v1/promotions/stacks?${bad}`), 400, 'invalid_param');
    }
    expectErrorObject(await call(sb, 'GET', '/v1/promotions/stacks?page=1001'), 400, 'page_over_limit');
    const t = await token(sb, 'promotions');
    expect((await call(sb, 'GET', '/v1/promotions/stacks', { headers: bearer(t.body.access_token) })).status).toBe(200);
    const other = await token(sb, 'vouchers');
    expectErrorObject(await call(sb, 'GET', '/v1/promotions/camp_summersale01/stacks', { headers: bearer(other.body.access_token) }), 403, 'forbidden');
  });
});

describe('earning rules (v2)', () => {
  const { points: POINTS, proportional: PROPORTIONAL } = SEED_EARNING_RULE_IDS;

  it("gets seeded rules covering points and points_proportional, in the live service's shapes", async () => {
    const t = await token(sb, 'loyalties');
    const points = await call(sb, 'GET', `/v2/loyalties/earning-rules/${POINTS}`, { headers: bearer(t.body.access_token) });
    expect(points.status).toBe(200);
    expect(points.body).toMatchObject({ id: POINTS, object: 'earning_rule', status: 'ACTIVE' });
    expect(points.body.earnings[0].effects[0].points).toMatchObject({ value: expect.any(Number), points_expiration: { type: 'NO_EXPIRATION' } });
    const proportional = await call(sb, 'GET', `/v2/loyalties/earning-rules/${PROPORTIONAL}`);
    const effect = proportional.body.earnings[0].effects[0];
    expect(effect.type).toBe('POINTS_PROPORTIONAL');
    expect(effect.points_proportional).toMatchObject({
      calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
      order: { amount: { every: expect.any(Number), value: expect.any(Number) } },
    });
    for (const key of ['trigger', 'validity_hours', 'trigger_limits', 'metadata', 'created_at', 'start_date']) expect(proportional.body).toHaveProperty(key);

    for (const rule of [points.body, proportional.body]) {
      expect(rule.id).toMatch(/^lern_[a-f0-9]+$/);
      expect(rule.trigger).toEqual({ event: 'customer.order.paid', custom_event: null, segment: null });
      expect(typeof rule.error.message).toBe('string');
      expect(rule.error.message).not.toBe('');
      for (const earning of rule.earnings) {
        expect(earning.id).toMatch(/^lernei_[a-f0-9]+$/);
        for (const e of earning.effects) expect((e.points ?? e.points_proportional).card_definition_id).toMatch(/^lcdef_[a-f0-9]+$/);
      }
    }
    const rounding = effect.points_proportional.points_expiration.rolling_expiration.rounding;
    expect(
      rounding.type === 'END_OF_PARTICULAR_MONTH' ? Number.isInteger(rounding.value) && rounding.value >= 1 && rounding.value <= 12 : rounding.value === null,
    ).toBe(true);
    const idPattern: Record<string, RegExp> = { product: /^prod_[a-f0-9]+$/, sku: /^sku_[a-f0-9]+$/, products_collection: /^pc_[a-zA-Z0-9]+$/ };
    type Calculation = { applicable_to: Record<string, unknown>[] };
    type Effect = { points_proportional?: { order_items?: Record<string, Calculation> } };
    const targets: Record<string, unknown>[] = proportional.body.earnings.flatMap((e: { effects: Effect[] }) =>
      e.effects.flatMap((x) => Object.values(x.points_proportional?.order_items ?? {}).flatMap((c) => c.applicable_to)),
    );
    expect(new Set(targets.map((t) => t.type))).toEqual(new Set(Object.keys(idPattern)));
    for (const target of targets) {
      const type = target.type as string;
      expect((target[type] as { id: string }).id).toMatch(idPattern[type] as RegExp);
      // What does not apply is left out, not null: the official schema wants an object there.
      for (const other of Object.keys(idPattern).filter((k) => k !== type)) expect(target).not.toHaveProperty(other);
    }
  });

  it("answers every seeded rule in the official schema's EarningRuleResponse", async () => {
    const t = await token(sb, 'loyalties');
    expect(SEED_EARNING_RULES.length).toBeGreaterThan(1);
    for (const { id } of SEED_EARNING_RULES) {
      const answer = await call(sb, 'GET', `/v2/loyalties/earning-rules/${id}`, { headers: bearer(t.body.access_token) });
      expect(answer.status).toBe(200);
      const checked = earningRuleResponse.safeParse(answer.body);
      expect(checked.success ? [] : checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), id).toEqual([]);
    }
  });

  it('answers 404 not_found for any id it does not hold, well-formed or not, and 403 without the loyalties scope', async () => {
    for (const id of ['lern_0000000000000000', 'ern_missing', 'rule%20one']) {
      const missing = await call(sb, 'GET', `/v2/loyalties/earning-rules/${id}`);
      expectErrorObject(missing, 404, 'not_found');
      expect(missing.body).toMatchObject({ resource_id: decodeURIComponent(id), resource_type: 'earning_rule' });
    }
    const t = await token(sb, 'rewards');
    expectErrorObject(await call(sb, 'GET', `/v2/loyalties/earning-rules/${POINTS}`, { headers: bearer(t.body.access_token) }), 403, 'forbidden');
  });
});
