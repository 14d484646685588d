import { seededRandomInt, type RandomInt } from '../../shared/domain/random';

/** Seeded choices for the soak: the same seed gives the same plan of kills, faults and codes. */
export class Dice {
  private readonly next: RandomInt;

  constructor(seed: number) {
    this.next = seededRandomInt(seed);
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return this.next(n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.next(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next(1_000_000) < p * 1_000_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.next(items.length)] as T;
  }

  /** `k` distinct items, in the list's order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(k, items.length)) chosen.add(this.next(items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  /** An independent generator for one part of the plan, so adding draws elsewhere keeps this part the same. */
  fork(): Dice {
    return new Dice(this.next(0x1_0000_0000));
  }
}
