import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_ROWS, writeVoucherCsv } from './fixtures';
import { eventually, openApp, screenshot, syncToProduction, type OpenApp } from './harness';
import { createGiftBatch, operationRow } from './steps';

const EXISTING = 'EXISTING-0001';

describe("the user's journey in Chromium against the sandbox: batch, import, fix, generate, queue, sync", () => {
  let filesDir: string;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-files-'));
    opened = await openApp({ sandbox: true }, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const counts = () => page.getByLabel('Row counts');
  const grid = () => page.getByRole('grid', { name: 'Voucher drafts' });
  async function queueAndSync(operationId: number, operation = 'import'): Promise<void> {
    await page.getByRole('button', { name: 'Queue for sync' }).click();
    await page.getByLabel('Operation').selectOption(operation);
    await page.getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByText(`Queued as operation ${operationId}`).waitFor();
    await page.getByLabel('Dry-run plan').waitFor();
    await page.getByRole('button', { name: 'Outbox', exact: true }).click();
    await page.getByLabel('Target region').filter({ hasText: 'SANDBOX' }).waitFor();
    // The web host's sandbox is added as a production project: the sync asks for its name first.
    await syncToProduction(page, 'local production');
    await operationRow(page, operationId).getByText('done', { exact: true }).waitFor({ timeout: 90_000 });
  }

  it('syncs a first batch holding a code, so it exists in the service', async () => {
    await createGiftBatch(page, 'Earlier', '100');
    await page.getByLabel('New row code').fill(EXISTING);
    await page.getByRole('button', { name: 'Add row' }).click();
    await eventually(() => counts().textContent()).toMatch(/1 rows · 1 valid/);
    await queueAndSync(1);
  });

  it('imports 10,000 rows with bad ones, fixes one in the grid and deletes the others', async () => {
    await createGiftBatch(page, 'Spring', '500');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(writeVoucherCsv(filesDir, 10_000, 'SPR'));
    await page.getByRole('table', { name: 'Column mapping' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByLabel('Import result')
      .filter({ hasText: `${BAD_ROWS.length} rows had errors` })
      .waitFor({ timeout: 30_000 });
    await page.getByLabel('Only invalid rows').check();
    await eventually(() => grid().getByRole('row').count()).toBe(BAD_ROWS.length + 1);
    const [first, ...others] = BAD_ROWS;
    await grid()
      .getByRole('row', { name: new RegExp(`SPR-${String(first).padStart(6, '0')}`) })
      .getByRole('gridcell')
      .nth(6)
      .dblclick();
    const input = grid().getByLabel(`Expiration date of row ${first}`);
    await input.fill('2031-06-30T00:00:00Z');
    await input.press('Enter');
    await eventually(() => counts().textContent()).toMatch(new RegExp(`${others.length} invalid`));
    for (const row of others) {
      await grid().getByLabel(`Select row ${row}`).check();
      await page.getByRole('button', { name: `Delete row ${row}` }).click();
      await eventually(() =>
        grid()
          .getByRole('row', { name: new RegExp(`SPR-${String(row).padStart(6, '0')}`) })
          .count(),
      ).toBe(0);
    }
    await eventually(() => counts().textContent()).toMatch(/9,998 rows · 9,998 valid · 0 invalid/);
    await page.getByLabel('Only invalid rows').uncheck();
  });

  it('generates 1,000 codes and adds the code that already exists', async () => {
    await page.getByRole('button', { name: 'Generate codes' }).click();
    await page.getByLabel('Prefix').fill('SPRGEN-');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText(/^Added 1,000 codes/).waitFor();
    await page.getByLabel('New row code').fill(EXISTING);
    await page.getByRole('button', { name: 'Add row' }).click();
    await eventually(() => counts().textContent()).toMatch(/10,999 rows · 10,999 valid · 0 invalid/);
  });

  it('queues with a dry-run plan, syncs, and reports the one code that already existed as already there, not created', async () => {
    // JSON refuses a code that exists (a CSV import would update it), so the report can name it.
    await queueAndSync(2, 'import-json');
    const row = operationRow(page, 2);
    await eventually(async () => (await row.getByRole('cell').allTextContents()).slice(5, 8)).toEqual(['10,998', '1', '0']);
    await page.getByRole('button', { name: 'Details of operation 2' }).click();
    const already = page.getByRole('table', { name: 'Codes already on the service' });
    await already.getByRole('row', { name: new RegExp(`${EXISTING}.*already exists`) }).waitFor();
    expect(await already.getByRole('row').count()).toBe(2);
    expect(await page.getByLabel('Result of operation 2').textContent()).toMatch(
      /10,998 codes created by this sync, 1 already on the service before this sync/,
    );
    expect(await page.getByLabel('Sync state').textContent()).toMatch(/finished|idle/);
    await screenshot(page, 'outbox');
  });

  it('shows the synced and queued counts per batch in the list', async () => {
    await page.getByRole('button', { name: 'Batches', exact: true }).click();
    const spring = page.getByRole('row', { name: /^Spring / });
    await eventually(async () => (await spring.getByRole('cell').allTextContents()).slice(0, 6)).toEqual(['Spring', '10999', '10999', '0', '0', '10998']);
  });

  it('asks before adding a batch with a gift value to a campaign, listing the values the endpoint cannot take', async () => {
    await page.getByRole('button', { name: 'Open Spring' }).click();
    await page.getByRole('button', { name: 'Queue for sync' }).click();
    await page.getByLabel('Operation').selectOption('add-to-campaign');
    await page.getByLabel('Campaign id or name').fill('camp_summersale01');
    await page.getByRole('button', { name: 'Queue', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Values that will be dropped' });
    await dialog.waitFor();
    const listed = await dialog.getByRole('listitem').allTextContents();
    expect(listed).toEqual([
      expect.stringMatching(/^type: "GIFT_VOUCHER" \(10,999 rows\)$/),
      expect.stringMatching(/^gift: \{"amount":\d+.*\} \(10,999 rows\)$/),
    ]);
    await dialog.getByRole('button', { name: 'Add without these values' }).click();
    await page.getByText('Queued as operation 3 (10,999 codes)').waitFor();
  });
});
