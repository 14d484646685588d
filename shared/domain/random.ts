/** A source of uniform random integers in [0, maxExclusive); maxExclusive is at most 2^32. */
export type RandomInt = (maxExclusive: number) => number;

const TWO_32 = 0x1_0000_0000;

/** Unbiased integer from a 32-bit source: draws that fall in the uneven tail are thrown away. */
function uniform(next32: () => number, maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_32) {
    throw new RangeError(`random bound ${maxExclusive} must be an integer from 1 to 2^32`);
  }
  const limit = TWO_32 - (TWO_32 % maxExclusive);
  for (;;) {
    const value = next32();
    if (value < limit) return value % maxExclusive;
  }
}

/** Cryptographically strong integers from globalThis.crypto, fetched in batches of 1024 words. */
export function cryptoRandomInt(): RandomInt {
  const words = new Uint32Array(1024);
  let used = words.length;
  const next32 = (): number => {
    if (used === words.length) {
      globalThis.crypto.getRandomValues(words);
      used = 0;
    }
    return words[used++] as number;
  };
  return (maxExclusive) => uniform(next32, maxExclusive);
}

/**
 * A small seeded generator (mulberry32) for tests and reproducible runs; never use it for codes
 * that go to customers, since its output is predictable from the seed.
 */
export function seededRandomInt(seed: number): RandomInt {
  let state = seed >>> 0;
  const next32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (maxExclusive) => uniform(next32, maxExclusive);
}
