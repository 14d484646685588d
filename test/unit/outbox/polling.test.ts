import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_POLICY, earlyCheckDelay, expectedLooks, jobRate, nextLookDelay, observedRate, sharedFinishTimes } from '../../../shared/outbox/polling';

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
    expect(observedRate(undefined, { at: 2000, processed: 30_000 }, 500)).toBe(20);
    expect(observedRate({ at: 2000, processed: 30_000 }, { at: 4000, processed: 90_000 }, 500)).toBe(30);
    // Too short an interval says little: the whole flight is used.
    expect(observedRate({ at: 2000, processed: 30_000 }, { at: 2100, processed: 31_000 }, 100)).toBe(15.5);
    expect(observedRate(undefined, { at: 2000, processed: 0 }, 500)).toBeUndefined();
    // At a first look, the jobs' own paces by the service's clock, added up, come before the client's.
    expect(observedRate(undefined, { at: 2000, processed: 30_000 }, 500, [10, undefined, 5])).toBe(15);
  });

  it("reads a job's own pace from its progress and processing time", () => {
    expect(jobRate({ codes: 100_000, percent: 25 }, 1000)).toBe(25);
    expect(jobRate({ codes: 100_000, percent: 0 }, 1000)).toBeUndefined();
    expect(jobRate({ codes: 100_000, percent: 25 }, undefined)).toBeUndefined();
  });

  it('looks once more when the last job should be done, with a little slack, or half-way when that is far off', () => {
    // 100,000 codes, 20% done, 25 codes/ms: 3,200 ms left.
    const job = [{ codes: 100_000, percent: 20 }];
    expect(nextLookDelay(job, 25, 800)).toBe(Math.round(3200 * (1 + DEFAULT_POLL_POLICY.slackShare) + DEFAULT_POLL_POLICY.slackMs));
    // Ten jobs of 100,000 at 30 codes/ms: about 31 s left; a look half-way first, or sooner when the
    // jobs have run for less than that; the predicted end once it is near.
    const ten = Array.from({ length: 10 }, (_, i) => ({ codes: 100_000, percent: 10 - i }));
    const left = sharedFinishTimes(ten, 30).reduce((a, b) => Math.max(a, b));
    expect(nextLookDelay(ten, 30, 60_000)).toBe(Math.round(left / 2));
    expect(nextLookDelay(ten, 30, 5000)).toBe(5000);
    const near = ten.map((j) => ({ ...j, percent: 80 }));
    const nearLeft = sharedFinishTimes(near, 30).reduce((a, b) => Math.max(a, b));
    expect(nextLookDelay(near, 30, 5000)).toBe(Math.round(nearLeft * (1 + DEFAULT_POLL_POLICY.slackShare) + DEFAULT_POLL_POLICY.slackMs));
    // A job reported done that is not finished yet: looked at again soon.
    expect(nextLookDelay([{ codes: 10, percent: 100 }], 25, 100)).toBe(DEFAULT_POLL_POLICY.minDelayMs);
  });

  it('checks early, when the job should be done by the assumed pace', () => {
    expect(earlyCheckDelay(100_000)).toBe(2000);
    expect(earlyCheckDelay(10)).toBe(DEFAULT_POLL_POLICY.minDelayMs);
  });

  it('expects two looks for a short sync and one more per halving of a long wait, whatever its number of jobs', () => {
    expect(expectedLooks(0)).toBe(0);
    expect(expectedLooks(100_000)).toBe(2);
    // 20 s by the assumed pace, 18 s past the early look: 18 -> 9 -> 4.5.
    expect(expectedLooks(1_000_000)).toBe(4);
  });
});
