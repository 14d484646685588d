import { describe, expect, it } from 'vitest';
import { cryptoRandomInt, seededRandomInt, type RandomInt } from '../../../shared/domain/random';

function histogram(random: RandomInt, bound: number, draws: number): number[] {
  const counts = new Array<number>(bound).fill(0);
  let outside = 0;
  for (let i = 0; i < draws; i++) {
    const value = random(bound);
    if (Number.isInteger(value) && value >= 0 && value < bound) counts[value] = (counts[value] ?? 0) + 1;
    else outside += 1;
  }
  expect(outside).toBe(0);
  return counts;
}

describe('random sources', () => {
  it.each([
    ['crypto', cryptoRandomInt()],
    ['seeded', seededRandomInt(12345)],
  ])('%s draws stay in range and are roughly uniform', (_name, random) => {
    const counts = histogram(random, 62, 62_000);
    for (const count of counts) expect(count).toBeGreaterThan(800);
    for (const count of counts) expect(count).toBeLessThan(1200);
  });

  it('the seeded source repeats for one seed', () => {
    const a = seededRandomInt(1);
    const b = seededRandomInt(1);
    expect(Array.from({ length: 20 }, () => a(1000))).toEqual(Array.from({ length: 20 }, () => b(1000)));
  });

  it('rejects a bound outside 1..2^32', () => {
    expect(() => seededRandomInt(1)(0)).toThrow(RangeError);
    expect(() => cryptoRandomInt()(2 ** 32 + 1)).toThrow(RangeError);
    expect(seededRandomInt(1)(1)).toBe(0);
  });
});
