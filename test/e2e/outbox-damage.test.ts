import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../shared/api';
import { eventually, openApp, screenshot, syncToProduction, type OpenApp } from './harness';
import { createGiftBatch, operationRow } from './steps';

// In the app: a queued import whose saved code list is gone does not stop the next batch from being
// queued and synced. The queue panel names the damaged operation; the outbox keeps it waiting.

describe('queueing in Chromium past an operation whose codes.json is missing', () => {
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    opened = await openApp({ sandbox: true });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  async function queueOneCode(name: string, code: string, operationId: number): Promise<void> {
    // Through the outbox, so the batches view opens on its list, not on the batch shown last.
    await page.getByRole('button', { name: 'Outbox', exact: true }).click();
    await createGiftBatch(page, name, '100');
    await page.getByLabel('New row code').fill(code);
    await page.getByRole('button', { name: 'Add row' }).click();
    await eventually(() => page.getByLabel('Row counts').textContent()).toMatch(/1 rows · 1 valid/);
    await page.getByRole('button', { name: 'Queue for sync' }).click();
    await page.getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByText(`Queued as operation ${operationId}`).waitFor();
  }

  it('names the damaged operation when queueing, syncs the other batch and keeps the damaged one waiting', async () => {
    await queueOneCode('Damaged', 'DAMAGED-0001', 1);
    const bodies = join(opened.app.dataDir, 'outbox-bodies');
    const [uid] = readdirSync(bodies);
    const list = join(bodies, uid ?? 'none', '0.codes.json');
    rmSync(list);

    await queueOneCode('Healthy', 'HEALTHY-0001', 2);
    const attention = page.getByRole('alert', { name: 'Operations that need attention' });
    expect(await attention.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(`Operation 1 needs attention: The saved request file ${list} (operation 1, ${uid}) is missing; it is not sent.`),
    ]);
    await screenshot(page, 'queue-past-damage');

    await page.getByRole('button', { name: 'Outbox', exact: true }).click();
    await page.getByLabel('Target region').filter({ hasText: 'SANDBOX' }).waitFor();
    await operationRow(page, 1).getByText('needs attention', { exact: true }).waitFor();
    await syncToProduction(page, 'local production');
    await operationRow(page, 2).getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    await eventually(() => page.getByLabel('Sync state').textContent()).toMatch(/finished/);
    await operationRow(page, 1).getByText('needs attention', { exact: true }).waitFor();
    await operationRow(page, 1).getByRole('button', { name: 'Details of operation 1' }).click();
    await page.getByRole('region', { name: 'Operation 1' }).getByText(`The saved request file ${list}`).waitFor();

    // The sandbox's own record: the healthy code is there, the damaged operation's is not.
    const sb = opened.app.sandbox;
    if (!sb) throw new Error('the e2e app has no sandbox');
    const client = createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials } });
    expect((await client.getVoucher('HEALTHY-0001')).code).toBe('HEALTHY-0001');
    await expect(client.getVoucher('DAMAGED-0001')).rejects.toThrow();
  });
});
