import { describe, expect, it } from 'vitest';
import { parseImportDate } from '../../../shared/domain/dates';

describe('parseImportDate', () => {
  it.each([
    ['2025-03-01', Date.UTC(2025, 2, 1)],
    ['2025-03-01T09', Date.UTC(2025, 2, 1, 9)],
    ['2025-03-01T09:30', Date.UTC(2025, 2, 1, 9, 30)],
    ['2025-03-01T09:30:15', Date.UTC(2025, 2, 1, 9, 30, 15)],
    ['2025-03-01T09:30:15Z', Date.UTC(2025, 2, 1, 9, 30, 15)],
    ['2025-03-01T09:30:15.250Z', Date.UTC(2025, 2, 1, 9, 30, 15, 250)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
  ])('accepts %s', (text, ms) => {
    expect(parseImportDate(text)).toBe(ms);
  });

  it('orders years below 100 correctly', () => {
    expect(parseImportDate('0050-12-31')).toBeLessThan(parseImportDate('0051-01-01') as number);
    expect(parseImportDate('1999-12-31T23:59:59Z')).toBe(Date.UTC(1999, 11, 31, 23, 59, 59));
  });

  it.each([
    '2025-3-01',
    '2025-03-01 09:30',
    '2025-03-01T9',
    '2025-03-01T09:30Z',
    '2025-03-01T09:30:15.25Z',
    '2025-03-01T09:30:15.250',
    '2025-03-01T09:30:15+02:00',
    '2025-03-01T09:30:15.250+00:00',
    '20250301',
    '2025-02-29',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-03-01T24',
    '2025-03-01T23:60',
    '2025-03-01T23:59:60',
    ' 2025-03-01',
    '2025-03-01T',
    '2025-03-01T09:3x',
    '2025-03-01T09:30:15.2a0Z',
    '2025-03-01X09',
    '',
  ])('rejects %j', (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});
