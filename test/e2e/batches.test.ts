import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_ROWS, writeVoucherCsv } from './fixtures';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

describe('batches and the batch editor in Chromium', () => {
  let filesDir: string;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-files-'));
    opened = await openApp({}, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const grid = () => page.getByRole('grid', { name: 'Voucher drafts' });
  const counts = () => page.getByLabel('Row counts');

  it('refuses an empty batch name with a message beside the form, cleared by typing', async () => {
    await page.getByRole('button', { name: 'Create batch' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Type a name for the new batch' });
    await problem.waitFor();
    expect(await page.getByLabel('New batch').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New batch').fill('S');
    await eventually(() => problem.count()).toBe(0);
  });

  it('creates a batch and opens it', async () => {
    await page.getByLabel('New batch').fill('Spring gift cards');
    await page.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Spring gift cards' }).waitFor();
    await eventually(() => counts().textContent()).toContain('0 rows');
  });

  it('imports 10,000 rows with a preview, the column mapping and a per-row error report', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(writeVoucherCsv(filesDir, 10_000));
    const mapping = page.getByRole('table', { name: 'Column mapping' });
    await mapping.getByRole('row', { name: /Shop Metadata "Shop"/ }).waitFor();
    await page
      .getByRole('table', { name: 'Preview' })
      .getByRole('row', { name: /IMP-000001/ })
      .waitFor();
    await eventually(() =>
      page
        .getByRole('table', { name: 'Preview' })
        .getByText(/Expiration date "someday" is not allowed: enter a date such as/)
        .count(),
    ).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByLabel('Import result').filter({ hasText: 'stored 10,000' }).waitFor({ timeout: 30_000 });
    const report = page.getByRole('table', { name: 'Rows with errors' });
    await eventually(() => report.getByRole('row').count()).toBe(BAD_ROWS.length + 1);
    await report.getByRole('row', { name: /4242 IMP-004242/ }).waitFor();
    await eventually(() => counts().textContent()).toMatch(/10,000 rows · 9,997 valid · 3 invalid/);
    await screenshot(page, 'batch-import');
  });

  it('pages rows from main: scrolling far shows later rows', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await grid().getByRole('gridcell', { name: 'IMP-000001' }).waitFor();
    await grid().evaluate((el) => (el.scrollTop = 30 * 8000));
    await grid().getByRole('gridcell', { name: 'IMP-008001' }).waitFor();
    expect(await grid().getByRole('row').count()).toBeLessThan(100);
  });

  it('shows only invalid rows, and fixing one in the grid clears its message on the cell', async () => {
    await page.getByLabel('Only invalid rows').check();
    await eventually(() => grid().getByRole('row').count()).toBe(BAD_ROWS.length + 1);
    const cell = grid()
      .getByRole('row', { name: /IMP-000003/ })
      .getByRole('gridcell')
      .nth(6);
    expect(await cell.getAttribute('aria-invalid')).toBe('true');
    await cell.dblclick();
    const input = grid().getByLabel('Expiration date of row 3');
    await input.fill('not a date either');
    await input.press('Enter');
    await grid()
      .getByRole('status')
      .filter({ hasText: /expiration_date|date/i })
      .waitFor();
    await screenshot(page, 'batch-cell-error');
    await input.fill('2031-01-31T00:00:00Z');
    await input.press('Enter');
    await eventually(() => counts().textContent()).toMatch(/9,998 valid · 2 invalid/);
    await page.getByLabel('Only invalid rows').uncheck();
  });

  it('searches by code and moves through the grid with the keyboard', async () => {
    await page.getByLabel('Search by code').fill('IMP-0099');
    await eventually(() => page.getByText(/^100 rows starting with/).count()).toBe(1);
    await grid().getByRole('gridcell', { name: 'IMP-009900' }).click();
    await page.keyboard.press('ArrowDown');
    await eventually(async () => (await page.locator(':focus').textContent())?.trim()).toBe('IMP-009901');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByLabel('Search by code').fill('');
  });

  it('adds and deletes a row', async () => {
    await page.getByLabel('New row code').fill('HANDMADE-1');
    await page.getByRole('button', { name: 'Add row' }).click();
    await eventually(() => counts().textContent()).toMatch(/10,001 rows/);
    await page.getByLabel('Search by code').fill('HANDMADE');
    await grid().getByLabel('Select row 10001').check();
    await page.getByRole('button', { name: 'Delete row 10001' }).click();
    await eventually(() => counts().textContent()).toMatch(/10,000 rows/);
    await page.getByLabel('Search by code').fill('');
  });

  it('generates 1,000 codes with a live feasibility check', async () => {
    await page.getByRole('button', { name: 'Generate codes' }).click();
    const feasibility = page.getByLabel('Feasibility');
    await page.getByLabel('Length').fill('2');
    await page.getByLabel('Characters').selectOption('numbers');
    await feasibility.filter({ hasText: 'cannot be reached' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Length').fill('10');
    await page.getByLabel('Prefix').fill('GEN-');
    await feasibility.filter({ hasText: 'Feasible' }).waitFor();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText(/^Added 1,000 codes from row 10002/).waitFor();
    await eventually(() => counts().textContent()).toMatch(/11,000 rows/);
  });

  it('applies batch defaults to every row and exports the batch as CSV', async () => {
    await page.getByRole('button', { name: 'Defaults' }).click();
    await page.getByLabel('Voucher type').selectOption('GIFT_VOUCHER');
    await page.getByLabel(/Gift amount/).fill('500');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('Defaults saved').waitFor();
    await eventually(() => counts().textContent()).toMatch(/11,000 rows · 10,998 valid/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(10_999);
    await page.getByText('Exported 10,998 rows; left out 2 invalid rows').waitFor();
    expect(lines[0]).toMatch(/^Code,Voucher Type,Value/);
    expect(lines.at(-1)).toMatch(/^GEN-\d{10},GIFT_VOUCHER,500/);
  });

  it('renames in an inline dialog (Esc cancels, Enter saves), duplicates, deletes and restores batches from the list', async () => {
    await page.getByRole('button', { name: '← All batches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Spring gift cards' });
    await page.getByRole('button', { name: 'Rename Spring gift cards' }).click();
    const input = dialog.getByLabel('New name');
    expect(await input.inputValue()).toBe('Spring gift cards');
    await input.fill('Never saved');
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'Never saved' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Spring gift cards', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Rename Spring gift cards' }).click();
    await eventually(() => input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Spring 2031');
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'Spring 2031', exact: true }).waitFor();
    await eventually(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Duplicate Spring 2031' }).click();
    await page.getByRole('cell', { name: 'Spring 2031 (copy)', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Spring 2031 (copy)' }).click();
    await eventually(() => page.getByRole('cell', { name: 'Spring 2031 (copy)', exact: true }).count()).toBe(0);
    await page.getByLabel('Show trash').check();
    await page.getByRole('button', { name: 'Restore Spring 2031 (copy)' }).click();
    await page.getByLabel('Show trash').uncheck();
    await page.getByRole('cell', { name: 'Spring 2031 (copy)', exact: true }).waitFor();
    await screenshot(page, 'batches');
  });
});
