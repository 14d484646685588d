import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../../../shared/domain/utf8';

describe('utf8ByteLength', () => {
  it('counts 1 to 4 bytes per character and 3 for a lone surrogate', () => {
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('🎉')).toBe(4);
    expect(utf8ByteLength('\uD800x')).toBe(4);
    expect(utf8ByteLength('x\uDC00')).toBe(4);
  });

  it('matches TextEncoder on any text (property)', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(utf8ByteLength(text)).toBe(encoder.encode(text).length);
      }),
      { numRuns: 1000 },
    );
  });
});
