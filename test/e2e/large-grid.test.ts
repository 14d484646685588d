import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT } from '../../renderer/src/lib/scroll-map';
import { eventually, openApp, type OpenApp } from './harness';

// 1,200,000 rows of 30 px are 36M px, past Chromium's layout cap (about 33.5M px): without the
// compressed scroll space the grid could not scroll to its end.
const ROWS = 1_200_000;
const PER_CALL = 200_000;

describe('a batch grid taller than the browser can lay out', () => {
  let opened: OpenApp;

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
  });

  it('reaches the last of 1,200,000 rows with the scrollbar and with Ctrl+End', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'Open Huge' }).click();
    const grid = page.getByRole('grid', { name: 'Voucher drafts' });
    await grid.getByRole('row', { name: /^1 H-/ }).waitFor();
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
    await grid.getByRole('row', { name: /^1 H-/ }).waitFor();
    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('Control+End');
    await lastRow.getByText(String(ROWS), { exact: true }).waitFor({ timeout: 20_000 });
    await eventually(inView).toBe(true);
    await eventually(() => lastRow.locator('[role="gridcell"]:focus').count()).toBe(1);
  }, 120_000);
});
