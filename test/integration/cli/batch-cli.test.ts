import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../electron/batches/csv-import';
import type { BatchSummary, DraftPage } from '../../../electron/batches/types';
import { useTempDirs } from '../store/temp-dir';
import { runBin, runJson } from './run-bin';

const tempDir = useTempDirs();
const DISCOUNT = '{"type":"PERCENT","percent_off":15,"effect":"APPLY_TO_ORDER"}';

describe('voucher-desk batch (the real binary)', { timeout: 240_000 }, () => {
  it('creates, imports, shows, generates and exports, with tables for people and JSON for scripts', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    const created = runJson<BatchSummary>(['batch', 'create', 'Autumn', '--type', 'discount', '--defaults', `{"discount":${DISCOUNT}}`, ...at]);
    expect(created).toMatchObject({ id: 1, name: 'Autumn', defaults: { type: 'DISCOUNT_VOUCHER' } });

    const csv = join(dir, 'in.csv');
    writeFileSync(csv, 'Code,Category,Value,Voucher Type,Discount Type\nAU-1,shoes,,,\nAU-2,,250,DISCOUNT_VOUCHER,PERCENT\nAU-3,bags,,,\n');
    const reportFile = join(dir, 'rejected.jsonl');
    const imported = runBin(['batch', 'import-csv', 'autumn', csv, '--mode', 'skip', '--report', reportFile, ...at]);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain('Read 3 rows; stored 2 as rows 1-3.');
    expect(imported.stdout).toMatch(/2\s+AU-2\s+discount\.percent_off/);
    expect(imported.stderr).toBe('');
    expect(readFileSync(reportFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line).row)).toEqual([2]);

    const table = runBin(['batch', 'list', ...at]);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ROWS\s+VALID\s+INVALID\s+UPDATED$/);
    expect(table.stdout).toMatch(/1\s+Autumn\s+2\s+2\s+0/);

    const generated = runBin(['batch', 'generate', '1', '--count', '50', '--prefix', 'GEN-', '--length', '6', ...at]);
    expect(generated.stdout).toContain('Generated 50 codes into batch 1 "Autumn" as rows 4-53.');
    const shown = runJson<{ page: DraftPage }>(['batch', 'show', 'Autumn', '--prefix', 'GEN-', '--limit', '5', '--sort', 'code', ...at]);
    expect(shown.page.total).toBe(50);
    expect(shown.page.rows.map((r) => r.code)).toEqual([...shown.page.rows.map((r) => r.code)].sort());

    const out = join(dir, 'out.csv');
    const exported = runBin(['batch', 'export', 'Autumn', '--out', out, ...at]);
    expect(exported.stdout).toContain('Exported 52 rows');
    const lines = readFileSync(out, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(53);
    expect(lines[1]).toBe('AU-1,DISCOUNT_VOUCHER,15,PERCENT,shoes,,,,,,,');
    const toStdout = runBin(['batch', 'export', '1', ...at]);
    expect(toStdout.stdout.trim().split('\r\n')).toEqual(lines);
    expect(toStdout.stderr).toContain('Exported 52 rows');
  });

  it('stops at the first error by default and exits 0 with the rejected row named', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'Strict', ...at]);
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, 'Code,Voucher Type,Value\nS-1,GIFT_VOUCHER,100\nS-2,GIFT_VOUCHER,-3\n');
    const report = runJson<ImportReport>(['batch', 'import-csv', 'Strict', csv, ...at]);
    expect(report).toMatchObject({ stored: 0, stoppedAtRow: 2, rejected: [{ row: 2, code: 'S-2' }] });
  });

  it('moves a batch to the trash, restores it, and empties the trash', () => {
    const env = { VOUCHER_DESK_DATA_DIR: tempDir() };
    runJson(['batch', 'create', 'Temp'], { env });
    expect(runJson<BatchSummary>(['batch', 'set-defaults', 'Temp', '--type', 'gift', '--category', 'cards'], { env }).defaults).toEqual({
      type: 'GIFT_VOUCHER',
      category: 'cards',
    });
    expect(runBin(['batch', 'delete', 'Temp'], { env }).stdout).toContain('to the trash');
    expect(runJson<BatchSummary[]>(['batch', 'list'], { env })).toEqual([]);
    expect(runJson<BatchSummary>(['batch', 'restore', 'Temp'], { env }).deletedAt).toBeNull();
    runJson(['batch', 'delete', '1'], { env });
    expect(runJson<{ removed: number }>(['batch', 'trash', '--empty'], { env })).toEqual({ removed: 1 });
    expect(runBin(['batch', 'trash'], { env }).stdout).toBe('The trash is empty.\n');
  });

  it('exits non-zero with a clear message on errors and wrong usage', () => {
    const at = ['--data-dir', tempDir()];
    const missing = runBin(['batch', 'show', 'Nope', ...at]);
    expect(missing).toMatchObject({ status: 1, stdout: '' });
    expect(missing.stderr).toBe('voucher-desk: There is no batch named "Nope"\n');
    const asJson = runBin(['batch', 'show', 'Nope', '--json', ...at]);
    expect(JSON.parse(asJson.stderr)).toEqual({ error: { kind: 'BatchError', message: 'There is no batch named "Nope"' } });
    const usage = runBin(['batch', 'generate', 'x', ...at]);
    expect(usage.status).toBe(2);
    const badMode = runBin(['batch', 'import-csv', 'x', 'y.csv', '--mode', 'maybe', ...at]);
    expect(badMode.status).toBe(2);
    expect(badMode.stderr).toContain('--mode must be stop, skip or keep (got "maybe")');
    expect(runBin(['batch', 'frobnicate', ...at]).status).toBe(2);
    expect(runBin(['--help']).stdout).toContain('Usage: voucher-desk <command>');
  });

  it('refuses an unreadable library at every start, names the file and points to the library commands', () => {
    const dir = tempDir();
    runJson(['batch', 'create', 'Precious', '--data-dir', dir]);
    writeFileSync(join(dir, 'library.sqlite'), 'garbage that is not a database');
    for (let start = 0; start < 2; start++) {
      const broken = runBin(['batch', 'list', '--data-dir', dir]);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toMatch(/library\.sqlite: The database file was changed or damaged/);
      expect(broken.stderr).toMatch(/voucher-desk library restore library \d+/);
    }
  });
});
