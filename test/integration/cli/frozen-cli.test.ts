import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../store/temp-dir';
import { addProject, runBin } from './run-bin';

const tempDir = useTempDirs();
const DEFAULTS = '{"type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":15,"effect":"APPLY_TO_ORDER"}}';

describe('voucher-desk on a frozen batch (the real binary)', { timeout: 240_000 }, () => {
  it('names the batch and the operation, prints the commands that resolve it, and the printed cancel works', () => {
    const at = ['--data-dir', tempDir()];
    expect(runBin(['batch', 'create', 'Frozen', '--defaults', DEFAULTS, ...at]).status).toBe(0);
    expect(runBin(['batch', 'generate', 'Frozen', '--count', '3', '--pattern', 'FRZ-###', ...at]).status).toBe(0);
    addProject(at);
    expect(runBin(['queue', 'import', 'Frozen', ...at]).status).toBe(0);

    const refused = runBin(['batch', 'rename', 'Frozen', 'Thawed', ...at]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'voucher-desk: Batch "Frozen" is queued for sync: its CSV import (operation 1) is waiting to be sent. It cannot change until that operation finishes or is cancelled.\n' +
        '  See it:    voucher-desk outbox show 1\n' +
        '  Send it:   voucher-desk sync\n' +
        '  Cancel it: voucher-desk outbox cancel 1\n',
    );
    const json = runBin(['batch', 'rename', 'Frozen', 'Thawed', '--json', ...at]);
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: {
        kind: 'BatchFrozenError',
        frozen: { batchName: 'Frozen', operationId: 1, operationKind: 'import-csv', operationWord: 'CSV import', operationState: 'queued' },
      },
    });

    const cancel = /Cancel it: voucher-desk (outbox cancel \d+)/.exec(refused.stderr)?.[1] ?? '';
    expect(runBin([...cancel.split(' '), ...at]).status).toBe(0);
    expect(runBin(['batch', 'rename', 'Frozen', 'Thawed', ...at]).status).toBe(0);
  });
});
