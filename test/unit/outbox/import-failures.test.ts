import { describe, expect, it } from 'vitest';
import { importFailures } from '../../../electron/sync/look';

describe('per-code failures of a finished import', () => {
  const manifest = { codes: ['A', 'B', 'C', 'B'], rows: [11, 12, 15, 19] };

  it('ties each failed code of a JSON import to its batch row', () => {
    const action = { id: 'aa_1', status: 'DONE', result: { failed: [{ code: 'C', reason: 'already exists' }] } };
    expect(importFailures(action, manifest, false)).toEqual([{ code: 'C', row: 15, reason: 'already exists' }]);
  });

  it('uses the CSV row number of a CSV import (not counting the header), so repeated codes keep their own row', () => {
    const action = {
      id: 'aa_2',
      status: 'DONE',
      result: {
        failed: [
          { code: 'B', row: 4, reason: 'bad value' },
          { code: 'Z', reason: 'unknown' },
        ],
      },
    };
    expect(importFailures(action, manifest, true)).toEqual([
      { code: 'B', row: 19, reason: 'bad value' },
      { code: 'Z', row: null, reason: 'unknown' },
    ]);
  });
});
