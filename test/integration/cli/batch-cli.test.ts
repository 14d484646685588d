import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../electron/batches/csv-import';
import type { BatchSummary, DraftPage } from '../../../electron/batches/types';
import { useTempDirs } from '../store/temp-dir';
import { addProject, runBin, runJson } from './run-bin';

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
    expect(imported.stdout).toMatch(/2\s+AU-2\s+discount\.percent_off\s+Percent off 250 is not allowed: enter a number from 0 to 100\./);
    expect(imported.stderr).toBe('');
    expect(
      readFileSync(reportFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).row),
    ).toEqual([2]);

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

  it('stops at the first error by default, stores nothing and exits 1 with the rejected row named', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'Strict', ...at]);
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, 'Code,Voucher Type,Value\nS-1,GIFT_VOUCHER,100\nS-2,GIFT_VOUCHER,-3\n');
    const asJson = runBin(['batch', 'import-csv', 'Strict', csv, '--json', ...at]);
    expect(asJson.status).toBe(1);
    expect(JSON.parse(asJson.stdout) as ImportReport).toMatchObject({ stored: 0, stoppedAtRow: 2, rejected: [{ row: 2, code: 'S-2' }] });
    const forPeople = runBin(['batch', 'import-csv', 'Strict', csv, ...at]);
    expect(forPeople.status).toBe(1);
    expect(forPeople.stdout).toContain('Import stopped at data row 2; nothing was stored.');
    const allBad = join(dir, 'bad.csv');
    writeFileSync(allBad, 'Code,Voucher Type,Value\nB-1,GIFT_VOUCHER,-1\n');
    const skipped = runBin(['batch', 'import-csv', 'Strict', allBad, '--mode', 'skip', ...at]);
    expect(skipped.status).toBe(1);
    expect(skipped.stdout).toContain('Nothing was stored: every row was rejected.');
    expect(runJson<BatchSummary[]>(['batch', 'list', ...at])[0]?.rows).toBe(0);
  });

  it('says rows kept with --mode keep were kept and marked invalid, not rejected', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'Lenient', ...at]);
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, 'Code,Voucher Type,Value\nK-1,GIFT_VOUCHER,100\nK-2,GIFT_VOUCHER,-3\nK-3,GIFT_VOUCHER,-4\n');
    const kept = runBin(['batch', 'import-csv', 'Lenient', csv, '--mode', 'keep', ...at]);
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain('Read 3 rows; stored 3 as rows 1-3.\nKept 2 rows with errors, marked invalid (see `batch show --invalid`).');
    expect(kept.stdout).not.toMatch(/reject/i);
    addProject(at);
    const refused = runBin(['queue', 'import', 'Lenient', ...at]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Batch "Lenient" has 2 invalid rows; fix them before queueing it.');
    const hint = /List them: voucher-desk (batch show \d+ --invalid)\n/.exec(refused.stderr);
    expect(hint, refused.stderr).not.toBeNull();
    const listed = runBin([...(hint?.[1] ?? '').split(' '), ...at]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/K-2 .*invalid/);
    expect(listed.stdout).toMatch(/K-3 .*invalid/);
  });

  it('refuses an empty or binary CSV by its name, stores nothing and leaves the batch untouched', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'Untouched', ...at]);
    const before = runJson<BatchSummary[]>(['batch', 'list', ...at]);
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const refused = runBin(['batch', 'import-csv', 'Untouched', empty, ...at]);
    expect(refused).toMatchObject({ status: 1, stdout: '' });
    expect(refused.stderr).toBe(`voucher-desk: The CSV file ${empty} is empty (0 bytes): there is nothing to import, and nothing was stored.\n`);
    const gzipped = join(dir, 'codes.csv.gz');
    writeFileSync(gzipped, gzipSync('Code\nG-1\n'));
    const binary = runBin(['batch', 'import-csv', 'Untouched', gzipped, '--mode', 'keep', ...at]);
    expect(binary.status).toBe(1);
    expect(binary.stderr).toContain(`${gzipped} is not a text CSV: it looks like a gzip archive.`);
    expect(binary.stderr).not.toContain('Code column');
    const headerOnly = join(dir, 'header.csv');
    writeFileSync(headerOnly, 'Code,Voucher Type,Value\n');
    const noRows = runBin(['batch', 'import-csv', 'Untouched', headerOnly, ...at]);
    expect(noRows.status).toBe(1);
    expect(noRows.stdout).toContain('Nothing was stored: the file has a header but no rows.');
    expect(runJson<BatchSummary[]>(['batch', 'list', ...at])).toEqual(before);
  });

  it('treats an option value out of its range as wrong usage (exit 2), in every command', () => {
    const at = ['--data-dir', tempDir()];
    runJson(['batch', 'create', 'Ranges', ...at]);
    const tooMany = runBin(['batch', 'show', 'Ranges', '--limit', '1001', ...at]);
    expect(tooMany.status).toBe(2);
    expect(tooMany.stderr).toContain('--limit must be a whole number from 1 to 1,000 (got "1001")');
    expect(runBin(['batch', 'generate', 'Ranges', '--count', '10', '--length', '101', ...at]).status).toBe(2);
    expect(runBin(['queue', 'import', 'Ranges', '--max-codes', '100001', ...at]).status).toBe(2);
    expect(runBin(['publications', 'list', '--limit', '1001', '--target', 'eu', ...at]).status).toBe(2);
    const badOrder = runBin(['publications', 'list', '--order=-nothing', '--target', 'eu', ...at]);
    expect(badOrder.status).toBe(2);
    expect(badOrder.stderr).toMatch(/Invalid order: "-nothing"; allowed: .*created_at/);
    expect(runBin(['publications', 'list', '--result', 'MAYBE', '--target', 'eu', ...at]).status).toBe(2);
    expect(runBin(['stacks', '--created-before', 'yesterday', '--target', 'eu', ...at]).status).toBe(2);
    const badTarget = runBin(['sync', '--target', 'ftp://nowhere', ...at]);
    expect(badTarget.status).toBe(2);
    expect(badTarget.stderr).toContain('--target: Region "ftp://nowhere" must be eu, us, as, or an http or https URL');
    expect(runBin(['keys', 'delete', 'ftp://nowhere', ...at]).status).toBe(2);
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
