import { describe, expect, it } from 'vitest';
import { createDuplicateTracker, findDuplicateCodes, validateBatch } from '../../../shared/domain/duplicates';
import { gift, percent } from './fixtures';

describe('duplicate codes in a batch', () => {
  it('reports every repeat after the first, naming the first row', () => {
    const problems = findDuplicateCodes([
      { row: 1, code: 'A' },
      { row: 2, code: 'B' },
      { row: 3, code: 'A' },
      { row: 4, code: 'A' },
      { row: 5, code: 'a' },
    ]);
    expect(problems.map((p) => [p.row, p.code, p.severity])).toEqual([
      [3, 'A', 'error'],
      [4, 'A', 'error'],
    ]);
    expect(problems[1]?.message).toContain('row 1');
  });

  it('leaves empty codes to the per-draft check', () => {
    const tracker = createDuplicateTracker();
    expect(tracker.check('', 1)).toBeNull();
    expect(tracker.check('', 2)).toBeNull();
    expect(tracker.size).toBe(0);
  });

  it('validateBatch combines per-draft problems and duplicates with rows from 1', () => {
    const problems = validateBatch([gift('X'), percent('Y', 120), gift('X'), 'junk']);
    expect(problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'discount.percent_off'],
      [3, 'code'],
      [4, ''],
    ]);
  });
});
