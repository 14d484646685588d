import { describe, expect, it } from 'vitest';
import { CSV_FIELDS, CSV_HEADERS, mapHeaders, normalizeHeader } from '../../../shared/domain/csv-columns';

describe('CSV header mapping', () => {
  it('matches every supported header without regard to case or spaces', () => {
    const headers = CSV_FIELDS.map((field) => ` ${CSV_HEADERS[field].toUpperCase().replace(' ', '   ')} `);
    const layout = mapHeaders(headers);
    expect(layout.problems).toEqual([]);
    CSV_FIELDS.forEach((field, i) => expect(layout.fieldIndex[field]).toBe(i));
    expect(layout.metadata).toEqual([]);
    expect(normalizeHeader('ReDeemed\tAmount')).toBe(normalizeHeader('Redeemed Amount'));
  });

  it('sends every other column to metadata, named by its trimmed header', () => {
    const layout = mapHeaders(['Code', 'Voucher Type', ' Store ', 'Custom Metadata Property Name', 'voucher_type']);
    expect(layout.metadata).toEqual([
      { index: 2, key: 'Store' },
      { index: 3, key: 'Custom Metadata Property Name' },
      { index: 4, key: 'voucher_type' },
    ]);
    expect(layout.columns.map((c) => c.target)).toEqual(['code', 'voucher_type', 'metadata', 'metadata', 'metadata']);
    expect(layout.columns[2]?.description).toBe('metadata.Store (not a standard header)');
    expect(layout.columns[0]?.description).toBe('Code -> code');
  });

  it('describes how Value is read', () => {
    const value = mapHeaders(['Code', 'Voucher Type', 'Value']).columns[2];
    expect(value?.description).toContain('gift.amount');
    expect(value?.description).toContain('Discount Type');
  });

  it('reports repeated headers, blank headers and missing required columns', () => {
    const layout = mapHeaders(['code', 'CODE', '', 'Shop', 'Shop']);
    expect(layout.columns.map((c) => c.target)).toEqual(['code', 'ignored', 'ignored', 'metadata', 'ignored']);
    expect(layout.problems.map((p) => [p.field, p.severity])).toEqual([
      ['CODE', 'error'],
      ['', 'warning'],
      ['Shop', 'error'],
      ['Voucher Type', 'error'],
    ]);
    expect(layout.problems.every((p) => p.row === 0)).toBe(true);
  });
});
