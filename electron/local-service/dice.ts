import { seededRandomInt, type RandomInt } from '../../shared/domain/random';

/** Seeded draws for generated data: the same seed gives the same history on every machine. */
export class Dice {
  private readonly int: RandomInt;

  constructor(seed: number) {
    this.int = seededRandomInt(seed);
  }

  /** A number in [0, 1). */
  unit(): number {
    return this.int(0x1_0000_0000) / 0x1_0000_0000;
  }

  /** A whole number in [0, n); spans past 2^32 (milliseconds over years) are drawn from `unit`. */
  below(n: number): number {
    return n <= 0x1_0000_0000 ? this.int(n) : Math.floor(this.unit() * n);
  }

  /** An index into `weights`, each chosen in proportion to its weight; the total must be above 0. */
  weighted(weights: readonly number[], total = weights.reduce((a, b) => a + b, 0)): number {
    let left = this.unit() * total;
    for (let i = 0; i < weights.length; i += 1) {
      left -= weights[i] as number;
      if (left < 0) return i;
    }
    return weights.findLastIndex((w) => w > 0);
  }

  /** `length` characters drawn from `chars`, as one flat string (hashing a concatenated one costs more). */
  text(chars: string, length: number): string {
    const codes: number[] = [];
    for (let i = 0; i < length; i += 1) codes.push(chars.charCodeAt(this.int(chars.length)));
    return String.fromCharCode(...codes);
  }

  /** A text from `make` not yet in `seen`, which then holds it. */
  fresh(seen: Set<string>, make: () => string): string {
    for (;;) {
      const value = make();
      if (!seen.has(value)) {
        seen.add(value);
        return value;
      }
    }
  }
}
