import { describe, expect, it } from 'vitest';
import { bodyWithout, csvRecords } from '../../../shared/outbox/subset-body';

describe('an import body without some codes', () => {
  it('drops JSON vouchers by the manifest order', () => {
    const body = JSON.stringify([{ code: 'A', type: 'DISCOUNT_VOUCHER' }, { code: 'B' }, { code: 'C' }]);
    expect(JSON.parse(bodyWithout('json', body, ['A', 'B', 'C'], new Set(['B'])))).toEqual([{ code: 'A', type: 'DISCOUNT_VOUCHER' }, { code: 'C' }]);
    expect(() => bodyWithout('json', body, ['A'], new Set())).toThrow(/3 vouchers but its manifest 1/);
  });

  it('drops CSV records, keeping the header and quoted line breaks intact', () => {
    const body = 'Code,Additional Info\r\nA,plain\r\nB,"two\r\nlines, ""quoted"""\r\nC,last\r\n';
    expect(csvRecords(body)).toEqual(['Code,Additional Info', 'A,plain', 'B,"two\r\nlines, ""quoted"""', 'C,last']);
    expect(bodyWithout('csv', body, ['A', 'B', 'C'], new Set(['A', 'C']))).toBe('Code,Additional Info\r\nB,"two\r\nlines, ""quoted"""\r\n');
    expect(() => bodyWithout('csv', body, ['A', 'B'], new Set())).toThrow(/3 records but its manifest 2/);
  });
});
