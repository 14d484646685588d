import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, segment } from '../../../shared/api';

describe('segment', () => {
  it('encodes every awkward character so the path keeps one segment', () => {
    expect(segment('A/B', 'code')).toBe('A%2FB');
    expect(segment('a?b#c%d e', 'code')).toBe('a%3Fb%23c%25d%20e');
    expect(segment('Żółć-€', 'code')).toBe('%C5%BB%C3%B3%C5%82%C4%87-%E2%82%AC');
  });

  it("rejects '.' and '..', which URL parsers resolve even when encoded, and keeps other dots", () => {
    expect(() => segment('..', 'code')).toThrow(/'\.\.'/);
    expect(() => segment('.', 'code')).toThrow(InvalidRequestError);
    expect(new URL(`http://h/v1/vouchers/${segment('...', 'code')}`).pathname).toBe('/v1/vouchers/...');
    expect(segment('a.b', 'code')).toBe('a.b');
  });

  it('round-trips any string through a URL path', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((s) => s !== '.' && s !== '..'),
        (code) => {
          const url = new URL(`http://h/v1/vouchers/${segment(code, 'code')}?force=true`);
          const parts = url.pathname.split('/');
          expect(parts).toHaveLength(4);
          expect(decodeURIComponent(parts[3] ?? '')).toBe(code);
        },
      ),
    );
  });

  it('rejects empty codes and unpaired surrogates, naming the parameter', () => {
    expect(() => segment('', 'code')).toThrow(InvalidRequestError);
    expect(() => segment('\ud800', 'campaignId')).toThrow(/campaignId/);
  });
});
