import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thousands } from '../../../shared/domain/thousands';

describe('thousands', () => {
  it('puts commas between thousands of whole numbers', () => {
    expect(thousands(0)).toBe('0');
    expect(thousands(999)).toBe('999');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(-1234567)).toBe('-1,234,567');
    expect(thousands(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('writes any number as toLocaleString("en-US") does (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.double()), (n) => {
        expect(thousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});
