import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

// One row for each kind of mistake a CSV can carry; each is fixed in the grid by typing.
const CSV = [
  'Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Redemption Limit,Active',
  'FIX-01,DISCOUNT_VOUCHER,150,PERCENT,,,,,',
  'FIX-02,GIFT_VOUCHER,12.5,,,,,,',
  'FIX-03,COUPON,10,PERCENT,,,,,',
  'FIX-04,DISCOUNT_VOUCHER,10,PERCENT,,,31/12/2030,,',
  'FIX-05,DISCOUNT_VOUCHER,10,PERCENT,,2030-06-01,2030-05-01,,',
  'FIX-06,DISCOUNT_VOUCHER,10,PERCENT,,,,0,',
  'FIX-07,DISCOUNT_VOUCHER,10,PERCENT,,,,,maybe',
  'FIX-01,DISCOUNT_VOUCHER,10,PERCENT,,,,,',
  'FIX-09,DISCOUNT_VOUCHER,5,HALF,,,,,',
];

const COL = { code: 1, type: 2, value: 3, category: 4, start: 5, expiration: 6, redemption: 7, active: 8, metadata: 10 } as const;

describe('the batch editor: fixing every bad row, undo, a frozen batch (Chromium)', () => {
  let filesDir: string;
  let opened: OpenApp;
  let page: Page;
  let batchId = 0;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'voucher-desk-grid-'));
    opened = await openApp({}, { width: 1400, height: 900 });
    page = opened.page;
    // Queueing needs a project to queue for; this test never syncs, so nothing listens at its address.
    await opened.app.services.handlers['projects.add']?.({
      name: 'offline',
      location: 'http://127.0.0.1:9',
      kind: 'sandbox-project',
      appId: 'app-offline',
      appToken: 'token-offline-0000',
    });
  }, 180_000);

  afterAll(async () => {
    await opened?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const grid = () => page.getByRole('grid', { name: 'Voucher drafts' });
  const counts = () => page.getByLabel('Row counts');
  const cell = (rowNumber: number, col: number) =>
    grid()
      .locator(`[role="row"][aria-rowindex="${rowNumber + 1}"] [role="gridcell"]`)
      .nth(col);
  const rows = async () => (await opened.app.services.handlers['drafts.page']!({ batchId, offset: 0, limit: 100 })).rows;
  const stored = async (rowNumber: number) => (await rows()).find((r) => r.row === rowNumber);

  it('refuses a CSV without a Code column before importing, and keeps saying why', async () => {
    await page.getByLabel('New batch').fill('Fix me');
    await page.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Fix me' }).waitFor();
    batchId = (await opened.app.services.handlers['batches.list']!({})).find((b) => b.name === 'Fix me')?.id ?? 0;
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const codeless = join(filesDir, 'codeless.csv');
    writeFileSync(codeless, 'Voucher Type,Value\nGIFT_VOUCHER,100\n');
    await page.getByLabel('CSV file').setInputFiles(codeless);
    const problems = page.getByRole('alert', { name: 'Header problems' });
    await problems.getByText('Import is blocked').waitFor();
    await problems.getByText(/Code/).first().waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(await rows()).toEqual([]);
  });

  it('imports a CSV with every kind of bad row and fixes a bad percent by typing', async () => {
    const file = join(filesDir, 'bad.csv');
    writeFileSync(file, CSV.join('\n') + '\n');
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('table', { name: 'Column mapping' }).getByText('Redemption limit (empty means unlimited)').waitFor();
    expect(await page.getByRole('alert', { name: 'Header problems' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByLabel('Import result').filter({ hasText: 'stored 9' }).waitFor();
    await page.getByRole('table', { name: 'Rows with errors' }).getByText('Percent off 150 is not allowed: enter a number from 0 to 100.').waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await eventually(() => counts().textContent()).toMatch(/9 rows · 0 valid · 9 invalid/);

    expect(await cell(1, COL.value).getAttribute('title')).toBe('Percent off 150 is not allowed: enter a number from 0 to 100.');
    await cell(1, COL.value).dblclick();
    const percent = grid().getByLabel('Percent (0-100) of row 1');
    await percent.fill('101');
    await percent.press('Enter');
    await grid().getByRole('status').filter({ hasText: 'Percent off 101 is not allowed: enter a number from 0 to 100.' }).waitFor();
    await screenshot(page, 'batch-editor-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'batch-editor-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await percent.fill('15');
    await percent.press('Enter');
    await eventually(() => percent.count()).toBe(0);
    await eventually(async () => (await stored(1))?.fields['discount']).toMatchObject({ type: 'PERCENT', percent_off: 15 });
    expect(await cell(1, COL.value).textContent()).toContain('15% off');
  });

  it('fixes a gift amount, a type, dates, a redemption limit, active, a duplicate code and a discount kind', async () => {
    await cell(2, COL.value).dblclick();
    await grid().getByLabel('Gift amount (cents) of row 2').fill('1250');
    await grid().getByRole('button', { name: 'Save' }).click();

    await cell(3, COL.type).dblclick();
    await grid().getByLabel('Type of row 3').selectOption('DISCOUNT_VOUCHER');
    await grid().getByLabel('Type of row 3').press('Enter');
    await eventually(() => cell(3, COL.value).getAttribute('title')).toMatch(/^Discount is missing/);
    await cell(3, COL.value).dblclick();
    await grid().getByLabel('Value kind of row 3').selectOption('AMOUNT');
    await grid().getByLabel('Amount off (cents) of row 3').fill('300');
    await grid().getByLabel('Amount off (cents) of row 3').press('Enter');

    await cell(4, COL.expiration).dblclick();
    await grid()
      .getByText(/^Accepted: YYYY-MM-DD, /)
      .waitFor();
    await grid().getByLabel('Expiration date of row 4').fill('2030-12-31');
    await page.keyboard.press('Enter');

    await cell(5, COL.expiration).click();
    await page.keyboard.press('F2');
    await grid().getByLabel('Expiration date of row 5').fill('2030-07-01');
    await page.keyboard.press('Enter');

    await cell(6, COL.redemption).dblclick();
    await grid().getByLabel('Redemption limit of row 6').fill('5');
    // Tab saves and moves to the next cell (Active).
    await page.keyboard.press('Tab');
    await eventually(async () => (await page.locator(':focus').getAttribute('data-cell')) ?? '').toBe(`5:${COL.active}`);

    await cell(7, COL.active).dblclick();
    await grid().getByLabel('Active of row 7').selectOption('true');
    await grid().getByLabel('Active of row 7').press('Enter');

    await cell(8, COL.code).dblclick();
    await grid().getByLabel('Code of row 8').fill('FIX-08');
    await page.keyboard.press('Enter');

    await cell(9, COL.value).dblclick();
    await grid().getByLabel('Value kind of row 9').selectOption('AMOUNT');
    await grid().getByLabel('Amount off (cents) of row 9').fill('500');
    await page.keyboard.press('Enter');

    await eventually(() => counts().textContent()).toMatch(/9 rows · 9 valid · 0 invalid/);
    const fixed = await rows();
    expect(fixed.every((r) => r.valid)).toBe(true);
    expect(fixed.map((r) => r.code)).toEqual(['FIX-01', 'FIX-02', 'FIX-03', 'FIX-04', 'FIX-05', 'FIX-06', 'FIX-07', 'FIX-08', 'FIX-09']);
    expect(fixed[1]?.fields['gift']).toMatchObject({ amount: 1250 });
    expect(fixed[2]?.draft).toMatchObject({ type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 300 } });
    expect(fixed[5]?.fields['redemption']).toEqual({ quantity: 5 });
    expect(fixed[6]?.fields['active']).toBe(true);
  });

  it('edits metadata as keys and values; Esc cancels an edit', async () => {
    await cell(1, COL.metadata).dblclick();
    await grid().getByRole('button', { name: 'Add key' }).click();
    await grid().getByLabel('Metadata key 1 of row 1').fill('shop');
    await grid().getByLabel('Metadata value 1 of row 1').fill('north');
    await grid().getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await stored(1))?.fields['metadata']).toEqual({ shop: 'north' });
    await cell(1, COL.code).dblclick();
    await grid().getByLabel('Code of row 1').fill('NEVER');
    await page.keyboard.press('Escape');
    expect((await stored(1))?.code).toBe('FIX-01');
  });

  it('deletes the selected rows only, and undoes and redoes the delete', async () => {
    const remove = page.getByRole('button', { name: /^Delete (row|selected|\d)/ });
    expect(await remove.textContent()).toBe('Delete selected rows');
    expect(await remove.isDisabled()).toBe(true);
    await grid().getByLabel('Select row 8').check();
    await cell(9, COL.code).click();
    await page.keyboard.press(' ');
    await eventually(() => remove.textContent()).toBe('Delete 2 selected rows');
    await remove.click();
    await page.getByLabel('Editor status').filter({ hasText: 'Deleted 2 rows.' }).waitFor();
    await eventually(async () => (await rows()).map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    await page.getByRole('button', { name: 'Undo delete 2 rows' }).click();
    await page.getByLabel('Editor status').filter({ hasText: 'Undid: delete 2 rows.' }).waitFor();
    await eventually(async () => (await rows()).map((r) => r.code)).toEqual([
      'FIX-01',
      'FIX-02',
      'FIX-03',
      'FIX-04',
      'FIX-05',
      'FIX-06',
      'FIX-07',
      'FIX-08',
      'FIX-09',
    ]);
    await cell(2, COL.code).click();
    await page.keyboard.press('Control+Shift+Z');
    await eventually(async () => (await rows()).length).toBe(7);
    await page.keyboard.press('Control+Z');
    await eventually(async () => (await rows()).length).toBe(9);
    await eventually(() => counts().textContent()).toMatch(/9 rows · 9 valid · 0 invalid/);
    // Next back in the session: the metadata edit of row 1, undone and redone like the delete.
    await page.getByRole('button', { name: 'Undo edit row 1' }).click();
    await eventually(async () => (await stored(1))?.fields['metadata']).toBeUndefined();
    await page.getByRole('button', { name: 'Redo edit row 1' }).click();
    await eventually(async () => (await stored(1))?.fields['metadata']).toEqual({ shop: 'north' });
  });

  it('shows a queued batch read-only with its operation, opens it in the Outbox, and cancels it', async () => {
    await page.getByRole('button', { name: 'Queue for sync' }).click();
    await page.getByRole('button', { name: 'Queue', exact: true }).click();
    const banner = page.getByRole('status', { name: 'Batch is read-only' });
    await banner.getByText(/Its import \(operation 1\) is waiting to be sent/).waitFor();
    for (const name of ['Import CSV', 'Generate codes', 'Defaults', 'Add row']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await grid().getAttribute('aria-readonly')).toBe('true');
    await cell(1, COL.code).dblclick();
    expect(await grid().getByLabel('Code of row 1').count()).toBe(0);
    await screenshot(page, 'batch-frozen');

    await banner.getByRole('button', { name: 'Open in Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Batches', exact: true }).click();
    await page.getByRole('button', { name: 'Open Fix me' }).click();
    await banner.getByRole('button', { name: 'Cancel operation' }).click();
    await banner.getByRole('button', { name: 'Yes, cancel operation 1' }).click();
    await eventually(() => banner.count()).toBe(0);
    const [op] = await opened.app.services.handlers['outbox.list']!({});
    expect(op).toMatchObject({ id: 1, state: 'cancelled', batchId });
    await cell(1, COL.category).dblclick();
    await grid().getByLabel('Category of row 1').fill('after cancel');
    await page.keyboard.press('Enter');
    await eventually(async () => (await stored(1))?.fields['category']).toBe('after cancel');
  });
});
