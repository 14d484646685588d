import { describe, expect, it } from 'vitest';
import { dependenciesOf } from '../../../shared/outbox/dependencies';
import { planSync } from '../../../shared/outbox/dry-run';
import { parseOperation } from '../../../shared/operations/all';
import { lookDelay } from '../../../shared/outbox/looks';

describe('payload parsing', () => {
  it('reads a valid payload and explains an unreadable one, naming the field', () => {
    expect(parseOperation('delete', JSON.stringify({ codes: ['A'], force: true }))).toEqual({
      ok: true,
      op: { kind: 'delete', payload: { codes: ['A'], force: true } },
    });
    expect(parseOperation('delete', '{"codes":[],"force":true}')).toMatchObject({ ok: false, reason: expect.stringMatching(/codes/) });
    expect(parseOperation('teleport', '{}')).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown operation kind "teleport"/) });
    expect(parseOperation('import-json', '{not json')).toMatchObject({ ok: false, reason: expect.stringMatching(/not JSON/) });
  });
});

describe('dependencies', () => {
  it('waits for every open operation sharing a code, and not for others', () => {
    const earlier = [
      { id: 1, codes: new Set(['A', 'B']) },
      { id: 2, codes: undefined },
      { id: 3, codes: new Set(['C']) },
      { id: 4, codes: new Set(['B', 'D']) },
    ];
    expect(dependenciesOf(['B'], earlier)).toEqual([1, 4]);
    expect(dependenciesOf(['Z'], earlier)).toEqual([]);
    expect(dependenciesOf(['C', 'D'], earlier)).toEqual([3, 4]);
  });
});

describe('looks at jobs', () => {
  it('waits about as long as a job should take when nothing is known of it, and backs off', () => {
    expect(lookDelay(100, 0)).toBe(200);
    expect(lookDelay(100_000, 0)).toBe(2000);
    expect(lookDelay(100_000, 2)).toBeGreaterThan(lookDelay(100_000, 1));
    expect(lookDelay(100_000, 30)).toBe(30_000);
  });
});

describe('dry-run plan', () => {
  const operations = [
    {
      id: 1,
      kind: 'import-json' as const,
      label: 'batch "a"',
      requests: [
        { state: 'done' as const, codes: 10, bytes: 100 },
        { state: 'pending' as const, codes: 10, bytes: 120 },
        { state: 'sending' as const, codes: 5, bytes: 60 },
      ],
    },
    {
      id: 2,
      kind: 'delete' as const,
      label: '2 codes',
      requests: [
        { state: 'pending' as const, codes: 1, bytes: 0 },
        { state: 'pending' as const, codes: 1, bytes: 0 },
      ],
    },
  ];
  const base = { operations, target: 'local sandbox', usesTokens: true, assumedLimit: 100, callsPerSecond: 5, tokenLifetimeMs: 900_000 };

  it('counts requests, codes, bytes and every API call, without the finished ones', () => {
    const plan = planSync({ ...base, budget: undefined });
    expect(plan).toMatchObject({ requests: 4, codes: 17, bytes: 180, fits: true, budget: { known: false, remaining: 100 } });
    expect(plan.calls).toEqual({ writes: 4, looks: 2, reconcile: 6, tokens: 1, total: 13 });
  });

  it("assumes a sandbox project's hour, or the smallest plan's minute, before any budget was seen", () => {
    const hour = { ms: 3_600_000, word: 'hour' };
    expect(planSync({ ...base, budget: undefined, window: hour, now: 0 }).message).toMatch(/assuming the 100 calls a sandbox project has each hour: it fits/);
    expect(planSync({ ...base, budget: undefined }).message).toMatch(/assuming 100 calls \(the smallest plan's allowance a minute\): it fits/);
    // Figures seen over an hour ago have refilled.
    expect(planSync({ ...base, budget: { limit: 100, remaining: 6, seenAt: 0 }, window: hour, now: 3_600_000 }).fits).toBe(true);
  });

  it('says when the calls do not fit the remaining budget', () => {
    const plan = planSync({ ...base, budget: { limit: 100, remaining: 6 } });
    expect(plan.fits).toBe(false);
    expect(plan.message).toMatch(/needs about 13 API calls but 6 of 100 calls left/);
  });
});
