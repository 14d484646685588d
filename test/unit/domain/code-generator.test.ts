import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHARSETS, CodeSpecError, analyzeCodeSpec, generateCodes } from '../../../shared/domain/code-generator';
import { seededRandomInt } from '../../../shared/domain/random';

describe('code generator', () => {
  it('builds codes from prefix, pattern and postfix with characters of the charset', () => {
    const { codes, warnings } = generateCodes(
      { count: 50, pattern: 'SUM-##-##', prefix: 'X', postfix: '!', charset: 'numbers' },
      { random: seededRandomInt(7) },
    );
    expect(codes).toHaveLength(50);
    expect(warnings).toEqual([]);
    for (const code of codes) expect(code).toMatch(/^XSUM-\d\d-\d\d!$/);
  });

  it('uses length and each named charset', () => {
    const expected = { alphanumeric: /^[0-9A-Za-z]{8}$/, letters: /^[A-Za-z]{8}$/, numbers: /^[0-9]{8}$/ } as const;
    for (const charset of Object.keys(CHARSETS) as (keyof typeof CHARSETS)[]) {
      const { codes } = generateCodes({ count: 20, length: 8, charset }, { random: seededRandomInt(1) });
      for (const code of codes) expect(code).toMatch(expected[charset]);
    }
    const custom = generateCodes({ count: 20, length: 6, charset: { custom: 'AB€' } }, { random: seededRandomInt(2) }).codes;
    for (const code of custom) expect(code).toMatch(/^[AB€]{6}$/u);
    expect(new Set(custom.join(''))).toEqual(new Set(['A', 'B', '€']));
  });

  it('is reproducible with a seed and different across seeds', () => {
    const spec = { count: 10, length: 10 };
    expect(generateCodes(spec, { random: seededRandomInt(99) }).codes).toEqual(generateCodes(spec, { random: seededRandomInt(99) }).codes);
    expect(generateCodes(spec, { random: seededRandomInt(99) }).codes).not.toEqual(generateCodes(spec, { random: seededRandomInt(100) }).codes);
  });

  it('uses crypto randomness by default', () => {
    const a = generateCodes({ count: 5, length: 16 }).codes;
    const b = generateCodes({ count: 5, length: 16 }).codes;
    expect(a).not.toEqual(b);
  });

  it('skips codes that already exist and reports the extra attempts', () => {
    const taken = new Set(['0', '1', '2', '3', '4', '5', '6']);
    const asked: string[] = [];
    const result = generateCodes({ count: 3, length: 1, charset: 'numbers' }, { random: seededRandomInt(3), exists: (c) => (asked.push(c), taken.has(c)) });
    expect(result.codes.sort()).toEqual(['7', '8', '9']);
    expect(result.attempts).toBeGreaterThan(3);
    expect(result.warnings).toEqual([]);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('refuses a count the pattern cannot reach, naming the space', () => {
    expect(() => generateCodes({ count: 101, pattern: 'A-##', charset: 'numbers' })).toThrow(
      /count 101 cannot be reached: 2 random position\(s\) over 10 character\(s\) give only 100/,
    );
    expect(() => analyzeCodeSpec({ count: 2, pattern: 'FIXED' })).toThrow(CodeSpecError);
    try {
      analyzeCodeSpec({ count: 11, length: 1, charset: 'numbers' });
    } catch (error) {
      expect((error as CodeSpecError).field).toBe('length');
    }
  });

  it('can fill the whole space exactly, with a warning that it is tight', () => {
    const { codes, warnings } = generateCodes({ count: 100, length: 2, charset: 'numbers' }, { random: seededRandomInt(5) });
    expect(new Set(codes).size).toBe(100);
    expect(warnings).toHaveLength(1);
    expect(analyzeCodeSpec({ count: 50, length: 2, charset: 'numbers' }).warnings).toEqual([]);
    expect(analyzeCodeSpec({ count: 51, length: 2, charset: 'numbers' }).warnings).toHaveLength(1);
  });

  it('gives up with a clear error when nearly every candidate is taken', () => {
    expect(() => generateCodes({ count: 2, length: 1, charset: 'numbers' }, { random: seededRandomInt(1), exists: (c) => c !== '4' })).toThrow(
      /gave up after \d+ attempts with 1 of 2 codes/,
    );
  });

  it('rejects bad specs with the field named', () => {
    const cases: [object, string][] = [
      [{ count: 0, length: 5 }, 'count'],
      [{ count: 1.5, length: 5 }, 'count'],
      [{ count: 1 }, 'length'],
      [{ count: 1, length: 0 }, 'length'],
      [{ count: 1, length: 101 }, 'length'],
      [{ count: 1, length: 5, charset: { custom: '' } }, 'charset'],
      [{ count: 1, length: 5, charset: 'hex' }, 'charset'],
      [{ count: 1, length: 5, prefix: 'a\nb' }, 'prefix'],
    ];
    for (const [spec, field] of cases) {
      expect(() => analyzeCodeSpec(spec as never), JSON.stringify(spec)).toThrow(CodeSpecError);
      try {
        analyzeCodeSpec(spec as never);
      } catch (error) {
        expect((error as CodeSpecError).field).toBe(field);
      }
    }
  });

  it('warns about characters that will be percent-encoded and ignored length', () => {
    const { warnings } = analyzeCodeSpec({ count: 1, length: 4, pattern: '##/#', charset: { custom: 'a a' } });
    expect(warnings.join('\n')).toMatch(/length is ignored/);
    expect(warnings.join('\n')).toMatch(/pattern "##\/#" has characters that will be percent-encoded/);
    expect(warnings.join('\n')).toMatch(/custom charset repeats characters/);
    expect(warnings.join('\n')).toMatch(/custom charset has characters that will be percent-encoded/);
  });

  it('never repeats a code and never returns a taken one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer(),
        fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 50 }),
        (length, count, seed, takenList) => {
          const taken = new Set(takenList);
          const space = 10 ** length;
          const wanted = Math.min(count, Math.floor(space / 2));
          const { codes } = generateCodes({ count: wanted, length, charset: 'numbers' }, { random: seededRandomInt(seed), exists: (c) => taken.has(c) });
          expect(codes).toHaveLength(wanted);
          expect(new Set(codes).size).toBe(wanted);
          for (const code of codes) expect(taken.has(code)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
