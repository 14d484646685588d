import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeIndex } from '../../../shared/domain/code-index';
import { fnv1a } from '../../../shared/domain/text-hash';

describe('CodeIndex', () => {
  it('remembers the first row of each code across blocks and table growth', () => {
    const index = new CodeIndex();
    for (let i = 0; i < 20_000; i++) expect(index.firstRowOrAdd(`CODE-${i}`, i + 1)).toBe(-1);
    expect(index.size).toBe(20_000);
    expect(index.firstRowOrAdd('CODE-0', 99)).toBe(1);
    expect(index.firstRowOrAdd('CODE-4095', 99)).toBe(4096);
    expect(index.firstRowOrAdd('CODE-4096', 99)).toBe(4097);
    expect(index.firstRowOrAdd('CODE-19999', 99)).toBe(20_000);
    expect(index.firstRowOrAdd('CODE-20000', 99)).toBe(-1);
    expect(index.size).toBe(20_001);
  });

  it('keeps every code when room is reserved midway, more or less than what comes', () => {
    for (const [entries, chars] of [
      [50_000, 500_000],
      [10, 10],
    ] as const) {
      const index = new CodeIndex();
      for (let i = 0; i < 3000; i++) index.firstRowOrAdd(`CODE-${i}`, i + 1);
      index.reserve(entries, chars);
      for (let i = 3000; i < 20_000; i++) expect(index.firstRowOrAdd(`CODE-${i}`, i + 1)).toBe(-1);
      for (let i = 0; i < 20_000; i += 997) expect(index.firstRowOrAdd(`CODE-${i}`, 0)).toBe(i + 1);
      expect(index.size).toBe(20_000);
      expect(index.charCount).toBe([...Array(20_000).keys()].reduce((sum, i) => sum + `CODE-${i}`.length, 0));
    }
  });

  it('tells apart codes that are prefixes of each other or differ only in case', () => {
    const index = new CodeIndex();
    for (const [i, code] of ['AB', 'ABC', 'A', 'ab', 'BC', 'ABCA'].entries()) expect(index.firstRowOrAdd(code, i + 1)).toBe(-1);
  });

  it('keeps no characters when the codes are kept elsewhere, and reads one back only for a repeat', () => {
    const codes = Array.from({ length: 50_000 }, (_, i) => `CODE-${i % 40_000}`);
    let reads = 0;
    const index = new CodeIndex((row) => {
      reads += 1;
      return codes[row] as string;
    });
    index.reserve(30_000, 0);
    codes.forEach((code, row) => expect(index.firstRowOrAdd(code, row)).toBe(row < 40_000 ? -1 : row - 40_000));
    expect(index.size).toBe(40_000);
    expect(index.charCount).toBe(0);
    expect(reads).toBe(10_000);
  });

  it('tells apart two codes of the same first hash (FNV-1a) by the second, reading no code back', () => {
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const code = `C${i}`;
      const other = seen.get(fnv1a(code));
      if (other !== undefined) pair = [other, code];
      seen.set(fnv1a(code), code);
    }
    let reads = 0;
    const index = new CodeIndex(() => {
      reads += 1;
      return pair[0];
    });
    expect(index.firstRowOrAdd(pair[0], 1)).toBe(-1);
    expect(index.firstRowOrAdd(pair[1], 2)).toBe(-1);
    expect(index.firstRowOrAdd(pair[0], 3)).toBe(1);
    expect(reads).toBe(1);
  });

  it('agrees with a Map on any sequence of codes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 4 }), { maxLength: 9000 }), (codes) => {
        for (const index of [new CodeIndex(), new CodeIndex((row) => codes[row] as string)]) {
          const map = new Map<string, number>();
          codes.forEach((code, i) => {
            const expected = map.get(code) ?? -1;
            if (expected === -1) map.set(code, i);
            expect(index.firstRowOrAdd(code, i)).toBe(expected);
          });
          expect(index.size).toBe(map.size);
        }
      }),
      { numRuns: 40 },
    );
  });
});
