import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT } from '../../renderer/src/lib/scroll-map';
import { writeVoucherCsv } from './fixtures';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

// 1,200,000 rows of 30 px are 36M px, past Chromium's layout cap (about 33.5M px): without the
// compressed scroll space the grid could not scroll to its end.
const ROWS = 1_200_000;
const PER_CALL = 200_000;
const IMPORT_ROWS = 300_000;

describe('large batches: a grid taller than the browser can lay out, and a long CSV import', () => {
  let opened: OpenApp;
  const filesDir = mkdtempSync(join(tmpdir(), 'voucher-desk-large-'));

  beforeAll(async () => {
    opened = await openApp({}, { width: 1400, height: 900 });
    const { handlers } = opened.app.services;
    const batch = await handlers['batches.create']!({ name: 'Huge', defaults: { type: 'GIFT_VOUCHER', gift: { amount: 100 } } });
    for (let made = 0; made < ROWS; made += PER_CALL) {
      await handlers['drafts.generate']!({ batchId: batch.id, spec: { count: PER_CALL, length: 12, prefix: 'H-' } });
    }
    await opened.page.reload();
  }, 400_000);

  afterAll(async () => {
    await opened?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('reaches the last of 1,200,000 rows with the scrollbar and with Ctrl+End', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'Open Huge' }).click();
    const grid = page.getByRole('grid', { name: 'Voucher drafts' });
    await grid.getByRole('row', { name: /^Select row 1 1 H-/ }).waitFor();
    const scrollHeight = await grid.evaluate((el) => el.scrollHeight);
    expect(scrollHeight).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT + 100);

    const lastRow = grid.locator(`[aria-rowindex="${ROWS + 1}"]`);
    const inView = async (): Promise<boolean> => {
      const box = await grid.boundingBox();
      const row = await lastRow.boundingBox();
      return !!box && !!row && row.y >= box.y && row.y + row.height <= box.y + box.height + 1;
    };

    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await lastRow.getByText(String(ROWS), { exact: true }).waitFor({ timeout: 20_000 });
    await eventually(inView).toBe(true);

    await grid.evaluate((el) => el.scrollTo({ top: 0 }));
    await grid.getByRole('row', { name: /^Select row 1 1 H-/ }).waitFor();
    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('Control+End');
    await lastRow.getByText(String(ROWS), { exact: true }).waitFor({ timeout: 20_000 });
    await eventually(inView).toBe(true);
    await eventually(() => lastRow.locator('[role="gridcell"]:focus').count()).toBe(1);
  }, 120_000);

  it("shows the progress of a 300,000-row CSV import as a bar over the file's bytes", async () => {
    const { page } = opened;
    const file = writeVoucherCsv(filesDir, IMPORT_ROWS, 'BIG');
    await opened.app.services.handlers['batches.create']!({ name: 'Imported' });
    await page.getByRole('button', { name: '← All batches' }).click();
    await page.getByRole('button', { name: 'Open Imported' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page
      .getByRole('table', { name: 'Preview' })
      .getByRole('row', { name: /BIG-000001/ })
      .waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    // The bar and its words are read in one look: on a busy machine the import can end between two.
    const body = await page.locator('body').elementHandle();
    const shown = await page.waitForFunction((root) => {
      const progress = root?.ownerDocument.querySelector('progress[aria-label="Import progress"]');
      const words = progress?.parentElement?.textContent?.replace(/\s+/g, ' ').trim();
      return progress && words ? { max: Number(progress.getAttribute('max')), words } : null;
    }, body);
    const { max, words } = (await shown.jsonValue()) as { max: number; words: string };
    expect(max).toBe(statSync(file).size);
    expect(words).toMatch(/^(Reading|Saving): [\d,]+ rows, [\d.]+ of [\d.]+ MB$/);
    await screenshot(page, 'import-progress');
    await page
      .getByLabel('Import result')
      .filter({ hasText: `stored ${IMPORT_ROWS.toLocaleString('en-US')}` })
      .waitFor({ timeout: 60_000 });
    expect(await bar.count()).toBe(0);
  }, 120_000);
});
