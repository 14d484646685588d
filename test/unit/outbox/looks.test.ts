import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOOK_POLICY,
  earlyCheckDelay,
  expectedLooks,
  jobPace,
  nextLookDelay,
  observedPace,
  paceAtEndCheck,
  plannedLooks,
  sharedFinishTimes,
} from '../../../shared/outbox/looks';

describe('predicted looks at import jobs', () => {
  it('finishes jobs sharing the service round-robin smallest first, the others sped up once it is gone', () => {
    // 1 code/ms shared by three jobs with 100, 300 and 300 codes left.
    expect(
      sharedFinishTimes(
        [
          { codes: 1000, percent: 70 },
          { codes: 1000, percent: 90 },
          { codes: 300, percent: 0 },
        ],
        1,
      ).map(Math.round),
    ).toEqual([700, 300, 700]);
    expect(sharedFinishTimes([{ codes: 1000, percent: 50 }], 2)).toEqual([250]);
    expect(sharedFinishTimes([{ codes: 1000, percent: 100 }], 2)).toEqual([0]);
  });

  it('measures the pace over the last interval when there is one, else since the first job was accepted', () => {
    expect(observedPace(undefined, { at: 2000, processed: 30_000 }, 500)).toEqual({ codesPerMs: 20, since: 500 });
    expect(observedPace({ at: 2000, processed: 30_000 }, { at: 4000, processed: 90_000 }, 500)).toEqual({ codesPerMs: 30, since: 2000 });
    // Too short an interval says little: the whole flight is used.
    expect(observedPace({ at: 2000, processed: 30_000 }, { at: 2100, processed: 31_000 }, 100)).toEqual({ codesPerMs: 15.5, since: 100 });
    expect(observedPace(undefined, { at: 2000, processed: 0 }, 500)).toBeUndefined();
    // At a first look, the jobs' own paces by the service's clock, added up, come before the client's,
    // averaged over as long as the longest of them has run.
    const own = [{ codesPerMs: 10, overMs: 1200 }, undefined, { codesPerMs: 5, overMs: 900 }];
    expect(observedPace(undefined, { at: 2000, processed: 30_000 }, 500, own)).toEqual({ codesPerMs: 15, since: 800 });
  });

  it("reads a job's own pace from its progress and processing time", () => {
    expect(jobPace({ codes: 100_000, percent: 25 }, 1000)).toEqual({ codesPerMs: 25, overMs: 1000 });
    expect(jobPace({ codes: 100_000, percent: 0 }, 1000)).toBeUndefined();
    expect(jobPace({ codes: 100_000, percent: 25 }, undefined)).toBeUndefined();
  });

  it('looks once more when the last job should be done, with a little slack, or half-way when that is far off', () => {
    const finish = (ms: number) => ({ ms: Math.round(ms * (1 + DEFAULT_LOOK_POLICY.slackShare) + DEFAULT_LOOK_POLICY.slackMs), endCheck: false });
    // 100,000 codes, 20% done, 25 codes/ms measured over the last 800 ms: 3,200 ms left.
    const job = [{ codes: 100_000, percent: 20 }];
    expect(nextLookDelay(job, { codesPerMs: 25, overMs: 800 }, 800, true, 10)).toEqual(finish(3200));
    // Ten jobs of 100,000 at 30 codes/ms: about 31 s left; a look half-way first, or sooner when the
    // jobs have run for less than that; the predicted end once it is near.
    const ten = Array.from({ length: 10 }, (_, i) => ({ codes: 100_000, percent: 10 - i }));
    const left = sharedFinishTimes(ten, 30).reduce((a, b) => Math.max(a, b));
    expect(nextLookDelay(ten, { codesPerMs: 30, overMs: 20_000 }, 60_000, true, 10)).toEqual({ ms: Math.round(left / 2), endCheck: false });
    expect(nextLookDelay(ten, { codesPerMs: 30, overMs: 5000 }, 5000, true, 10)).toEqual({ ms: 5000, endCheck: false });
    const near = ten.map((j) => ({ ...j, percent: 85 }));
    const nearLeft = sharedFinishTimes(near, 30).reduce((a, b) => Math.max(a, b));
    expect(nearLeft).toBeCloseTo(5000);
    // 5 s left by a pace averaged over the last 20 s: half-way first, once; by a pace averaged over
    // less than twice the wait left, at the end.
    expect(nextLookDelay(near, { codesPerMs: 30, overMs: 20_000 }, 40_000, true, 10)).toEqual({ ms: 2500, endCheck: true });
    // Past that check, or with a fresh pace, several jobs are approached from 2 s before their end.
    const approach = { ms: Math.round(nearLeft - DEFAULT_LOOK_POLICY.tailAboveMs), endCheck: false };
    expect(nextLookDelay(near, { codesPerMs: 30, overMs: 20_000 }, 40_000, false, 10)).toEqual(approach);
    expect(nextLookDelay(near, { codesPerMs: 30, overMs: 9000 }, 40_000, true, 10)).toEqual(approach);
    // A job alone has no others to finish and speed it up.
    expect(nextLookDelay([{ codes: 100_000, percent: 85 }], { codesPerMs: 5, overMs: 20_000 }, 40_000, true, 10)).toEqual(finish(3000));
    // Without a pace, the assumed one: there is no average to distrust.
    expect(nextLookDelay([{ codes: 300_000, percent: 50 }], undefined, 1000, true, 10)).toEqual(finish(3000));
    // An end within a second needs no check on the way; several jobs are looked at a step at a time
    // until then, so an end that comes early is noticed within a step.
    const close = ten.map((j) => ({ ...j, percent: 97.5 }));
    const closeLeft = sharedFinishTimes(close, 30).reduce((a, b) => Math.max(a, b));
    expect(closeLeft).toBeGreaterThan(DEFAULT_LOOK_POLICY.tailStepMs);
    expect(nextLookDelay(close, { codesPerMs: 30, overMs: 20_000 }, 40_000, true, 10)).toEqual({ ms: DEFAULT_LOOK_POLICY.tailStepMs, endCheck: false });
    const last = ten.map((j) => ({ ...j, percent: 99.5 }));
    expect(nextLookDelay(last, { codesPerMs: 30, overMs: 20_000 }, 40_000, true, 10)).toEqual(
      finish(sharedFinishTimes(last, 30).reduce((a, b) => Math.max(a, b))),
    );
    // A job reported done that is not finished yet: looked at again soon.
    expect(nextLookDelay([{ codes: 10, percent: 100 }], { codesPerMs: 25, overMs: 100 }, 100, true, 10)).toEqual({
      ms: DEFAULT_LOOK_POLICY.minDelayMs,
      endCheck: false,
    });
  });

  it('predicts the end, at the look half-way to it, by the faster of the paces before and since', () => {
    const before = { codesPerMs: 28, since: 1000 };
    // The interval since held a pause of the service: the end is predicted by the pace before it.
    expect(paceAtEndCheck(before, { codesPerMs: 15, since: 20_000 })).toBe(before);
    const faster = { codesPerMs: 40, since: 20_000 };
    expect(paceAtEndCheck(before, faster)).toBe(faster);
    expect(paceAtEndCheck(undefined, faster)).toBe(faster);
    expect(paceAtEndCheck(before, undefined)).toBe(before);
  });

  it('checks early, when the job should be done by the assumed pace', () => {
    expect(earlyCheckDelay(100_000)).toBe(1000);
    expect(earlyCheckDelay(10)).toBe(DEFAULT_LOOK_POLICY.minDelayMs);
  });

  it('keeps to the looks a flight plans for: no halving, check or approach without a look spare', () => {
    const finish = (ms: number) => Math.round(ms * (1 + DEFAULT_LOOK_POLICY.slackShare) + DEFAULT_LOOK_POLICY.slackMs);
    const ten = Array.from({ length: 10 }, () => ({ codes: 100_000, percent: 10 }));
    const left = sharedFinishTimes(ten, 30).reduce((a, b) => Math.max(a, b));
    // The last spare look goes 0.7 of the way, however short the jobs have run: its pace is recent.
    expect(nextLookDelay(ten, { codesPerMs: 30, overMs: 1000 }, 1000, true, 1)).toEqual({ ms: Math.round(left * 0.7), endCheck: false });
    // None spare: straight to the predicted end.
    expect(nextLookDelay(ten, { codesPerMs: 30, overMs: 1000 }, 1000, true, 0)).toEqual({ ms: finish(left), endCheck: false });
    const near = ten.map((j) => ({ ...j, percent: 85 }));
    const nearLeft = sharedFinishTimes(near, 30).reduce((a, b) => Math.max(a, b));
    expect(nextLookDelay(near, { codesPerMs: 30, overMs: 20_000 }, 40_000, true, 0)).toEqual({ ms: finish(nearLeft), endCheck: false });
    // Past the plan (jobs found running at the final look), the predicted end times the backoff
    // factor, at least a step: the pace was slowing, and one more look should find them done.
    const last = ten.map((j) => ({ ...j, percent: 99.9 }));
    expect(nextLookDelay(last, { codesPerMs: 30, overMs: 20_000 }, 40_000, false, -1)).toEqual({ ms: DEFAULT_LOOK_POLICY.tailStepMs, endCheck: false });
    expect(nextLookDelay(near, { codesPerMs: 30, overMs: 20_000 }, 40_000, false, -1)).toEqual({
      ms: Math.round(nearLeft * DEFAULT_LOOK_POLICY.factor),
      endCheck: false,
    });
    expect(nextLookDelay([{ codes: 100_000, percent: 90 }], { codesPerMs: 10, overMs: 2000 }, 4000, false, -1)).toEqual({ ms: 1600, endCheck: false });
  });

  it('plans for a quarter over the fewest calls, or two, keeping one look for a late end', () => {
    expect(plannedLooks(100_000)).toBe(2);
    expect(plannedLooks(500_000)).toBe(2);
    expect(plannedLooks(1_000_000)).toBe(3);
    expect(plannedLooks(10_000_000)).toBe(25);
  });

  it('expects calls within max(1.25x, +2) of the fewest (imports, a token, one look) from 100,000 to 10,000,000 codes', () => {
    for (const codes of [100_000, 200_000, 300_000, 500_000, 700_000, 1_000_000, 2_000_000, 3_500_000, 5_000_000, 10_000_000]) {
      const imports = Math.ceil(codes / 100_000);
      const fewest = imports + 2;
      const bound = Math.max(1.25 * fewest, fewest + 2);
      // One look more than expected (an end later than predicted) still fits.
      expect(imports + 1 + expectedLooks(codes) + 1, `${codes} codes`).toBeLessThanOrEqual(bound);
    }
  });

  it("expects two looks for a short sync, one more per halving of a long wait while the plan allows, and the steps of several jobs' approach", () => {
    expect(expectedLooks(0)).toBe(0);
    expect(expectedLooks(100_000)).toBe(2);
    // 20 s by the assumed pace, 19 s past the early look: one look spare, 0.7 of the way, then the end.
    expect(expectedLooks(1_000_000)).toBe(3);
    // No look spare: the early one and the end.
    expect(expectedLooks(500_000)).toBe(2);
    expect(expectedLooks(200_000)).toBe(2);
    // 200 s: five halvings to 6.2 s, the check half-way to the end, then 2 s before it and two steps.
    expect(expectedLooks(10_000_000)).toBe(11);
  });
});
