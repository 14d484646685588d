import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../shared/api';
import { startWebApp, type WebApp } from '../../electron/host/web-cli';
import { loseRowsIn } from '../integration/damage/lost-rows';
import { buildRenderer, eventually, launchChromium, screenshot, syncToProduction } from './harness';
import { createGiftBatch, operationRow } from './steps';

// In the app: a queued import whose batch rows are gone (a library put back from an older copy) does
// not stop the next batch from being queued and synced. The queue panel names the damaged operation;
// the outbox keeps it waiting.

describe('queueing in Chromium past an operation whose batch rows are missing', () => {
  let rendererDir: string;
  let dataDir: string;
  let browser: Browser;
  let app: WebApp | undefined;
  let page: Page;

  beforeAll(async () => {
    rendererDir = await buildRenderer();
    dataDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-rows-'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(rendererDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the app (with a fresh sandbox) on the same data folder, as a user's next start would. */
  async function start(): Promise<void> {
    app = await startWebApp({ dataDir, rendererDir, memoryKeychain: true, sandbox: true });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(app.host.url);
  }

  async function stop(): Promise<void> {
    await page.close();
    await app?.close();
    app = undefined;
  }

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
    await start();
    await queueOneCode('Damaged', 'DAMAGED-0001', 1);
    await stop();
    await loseRowsIn(dataDir, 1, 1, 1);
    await start();

    await queueOneCode('Healthy', 'HEALTHY-0001', 2);
    const lost = 'The rows 1 to 1 of batch 1 that request 1 sends (operation 1) hold 0 of the 1 code queued; it is not sent.';
    const attention = page.getByRole('alert', { name: 'Operations that need attention' });
    expect(await attention.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(`Operation 1 needs attention: ${lost}`)]);
    await screenshot(page, 'queue-past-damage');

    await page.getByRole('button', { name: 'Outbox', exact: true }).click();
    await page.getByLabel('Target region').filter({ hasText: 'SANDBOX' }).waitFor();
    await operationRow(page, 1).getByText('needs attention', { exact: true }).waitFor();
    await syncToProduction(page, 'local production');
    await operationRow(page, 2).getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    await eventually(() => page.getByLabel('Sync state').textContent()).toMatch(/finished/);
    await operationRow(page, 1).getByText('needs attention', { exact: true }).waitFor();
    await operationRow(page, 1).getByRole('button', { name: 'Details of operation 1' }).click();
    await page.getByRole('region', { name: 'Operation 1' }).getByText('The rows 1 to 1 of batch 1 that request 1 sends').waitFor();

    // The sandbox's own record: the healthy code is there, the damaged operation's is not.
    const sb = app?.sandbox;
    if (!sb) throw new Error('the e2e app has no sandbox');
    const client = createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials } });
    expect((await client.getVoucher('HEALTHY-0001')).code).toBe('HEALTHY-0001');
    await expect(client.getVoucher('DAMAGED-0001')).rejects.toThrow();
  });
});
