import { describe, expect, it } from 'vitest';
import { dependenciesOf } from '../../../shared/outbox/dependencies';
import { planSync } from '../../../shared/outbox/dry-run';
import { parseOperation } from '../../../shared/outbox/kinds';
import { expectedPolls, firstPollDelay, listedJobDelay, nextPollDelay, paceOf } from '../../../shared/outbox/polling';

describe('payload parsing', () => {
  it('reads a valid payload and explains an unreadable one, naming the field', () => {
    expect(parseOperation('delete', JSON.stringify({ codes: ['A'], force: true }))).toEqual({ ok: true, op: { kind: 'delete', payload: { codes: ['A'], force: true } } });
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

describe('polling', () => {
  it('checks the first job of a sync early, and polls later ones when the pace seen says they are done', () => {
    expect(firstPollDelay(100_000, undefined)).toBe(1000);
    expect(firstPollDelay(100, undefined)).toBe(200);
    // 100,000 codes at 40,000 a second take 2.5 s; the poll lands just after.
    expect(firstPollDelay(100_000, 40_000)).toBe(2550);
    expect(firstPollDelay(10_000_000, 1000)).toBe(30_000);
  });

  it('predicts the finish of a running job from its own progress, without backing off', () => {
    expect(nextPollDelay(100_000, 1, { percent: 50, elapsedMs: 4000 }, undefined)).toBe(4050);
    expect(nextPollDelay(100_000, 5, { percent: 90, elapsedMs: 9000 }, 10_000)).toBe(1050);
    expect(nextPollDelay(100_000, 9, { percent: 99, elapsedMs: 9900 }, undefined)).toBe(200);
  });

  it('asks again about a job not started yet after a whole job at the pace seen, a little longer each time', () => {
    expect(nextPollDelay(100_000, 1, { percent: 0, elapsedMs: 500 }, 50_000)).toBe(2000);
    expect(nextPollDelay(100_000, 3, undefined, 50_000)).toBe(6000);
    expect(nextPollDelay(100_000, 1, undefined, undefined)).toBe(2000);
    expect(nextPollDelay(100_000, 100, undefined, 50_000)).toBe(30_000);
  });

  it('reads the pace a job has shown, and nothing from a job that has not started', () => {
    expect(paceOf(100_000, { percent: 25, elapsedMs: 1000 })).toBe(25_000);
    expect(paceOf(100_000, { percent: 100, elapsedMs: 4000 })).toBe(25_000);
    expect(paceOf(100_000, { percent: 0, elapsedMs: 1000 })).toBeUndefined();
  });

  it('backs off while a job is not listed yet, and expects one poll per job plus the early check', () => {
    expect(listedJobDelay(100_000, 0)).toBe(2000);
    expect(listedJobDelay(100_000, 2)).toBeGreaterThan(listedJobDelay(100_000, 1));
    expect(listedJobDelay(100_000, 30)).toBe(30_000);
    expect(expectedPolls(0)).toBe(0);
    expect(expectedPolls(10)).toBe(11);
  });
});

describe('dry-run plan', () => {
  const operations = [
    { id: 1, kind: 'import-json' as const, label: 'batch "a"', chunks: [{ state: 'done' as const, codes: 10, bytes: 100 }, { state: 'pending' as const, codes: 10, bytes: 120 }, { state: 'sending' as const, codes: 5, bytes: 60 }] },
    { id: 2, kind: 'delete' as const, label: '2 codes', chunks: [{ state: 'pending' as const, codes: 1, bytes: 0 }, { state: 'pending' as const, codes: 1, bytes: 0 }] },
  ];
  const base = { operations, target: 'local sandbox', usesTokens: true, assumedLimit: 100, callsPerSecond: 5, tokenLifetimeMs: 900_000 };

  it('counts requests, codes, bytes and every API call, without the finished ones', () => {
    const plan = planSync({ ...base, budget: undefined });
    expect(plan).toMatchObject({ requests: 4, codes: 17, bytes: 180, fits: true, budget: { known: false, remaining: 100 } });
    // Two import jobs: one poll each when due, and the sync's one early check.
    expect(plan.calls).toEqual({ writes: 4, polls: 3, reconcile: 6, tokens: 1, total: 14 });
  });

  it('says when the calls do not fit the remaining budget', () => {
    const plan = planSync({ ...base, budget: { limit: 100, remaining: 6 } });
    expect(plan.fits).toBe(false);
    expect(plan.message).toMatch(/needs about 14 API calls but 6 of 100 calls left/);
  });
});
