import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, type WebApp } from '../../electron/host/web-cli';
import { buildRenderer, eventually, launchChromium, screenshot } from './harness';

/** Flips one bit in the middle of a file, as a bad disk sector or a stray write would. */
function flipBitMidFile(file: string): void {
  const bytes = readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x10;
  writeFileSync(file, bytes);
}

describe('the "library needs attention" screen in Chromium', () => {
  let rendererDir: string;
  let dataDir: string;
  let browser: Browser;
  let app: WebApp | undefined;
  let page: Page;

  beforeAll(async () => {
    rendererDir = await buildRenderer();
    dataDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-attention-'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(rendererDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the app on the same data folder, as a user's next start would, and opens its page. */
  async function start(): Promise<void> {
    await app?.close();
    app = await startWebApp({ dataDir, rendererDir, memoryKeychain: true });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(app.host.url);
  }

  async function stop(): Promise<void> {
    await page.close();
    await app?.close();
    app = undefined;
  }

  const batchRow = (name: string) => page.getByRole('table', { name: 'Batches' }).getByRole('row', { name: new RegExp(name) });

  it('keeps a batch the user created', async () => {
    await start();
    await page.getByLabel('New batch').fill('Precious');
    await page.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Precious' }).waitFor();
    await stop();
    // The batch is in the journal after the kept copy, or, if a full save was due at close, in a newer kept copy.
    expect(existsSync(join(dataDir, 'kept-copies', 'library.1.sqlite'))).toBe(true);
  });

  it('shows the damaged file and the kept copies instead of an empty app, and restoring one brings the batch back', async () => {
    flipBitMidFile(join(dataDir, 'library.sqlite'));
    await start();
    await page.getByRole('heading', { name: 'Your library needs attention' }).waitFor();
    const problems = page.getByRole('table', { name: 'Problems of the library' });
    await eventually(() => problems.textContent()).toContain('library.sqlite');
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await screenshot(page, 'library-attention');
    const copies = page.getByRole('table', { name: 'Kept copies of the library' });
    await copies
      .getByRole('button', { name: /Restore the copy taken at/ })
      .first()
      .click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await eventually(() =>
      page
        .getByRole('status')
        .filter({ hasText: /Restored the library database from kept copy \d+ .*No saved change was lost\./ })
        .count(),
    ).toBe(1);
    await batchRow('Precious').waitFor();
    await stop();
  });

  it('starts fresh after a confirmation, moving every file aside without deleting, and the app works again', async () => {
    rmSync(join(dataDir, 'library.sqlite'));
    await start();
    await page.getByRole('heading', { name: 'Your library needs attention' }).waitFor();
    await eventually(() => page.getByRole('table', { name: 'Problems of the library' }).textContent()).toContain('library.sqlite');
    await page.getByRole('button', { name: 'Start fresh…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Start fresh?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => confirm.count()).toBe(0);
    await page.getByRole('button', { name: 'Start fresh…' }).click();
    await confirm.getByRole('button', { name: 'Move everything aside and start fresh' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await eventually(() =>
      page
        .getByRole('status')
        .filter({ hasText: /Started fresh with an empty library\. \d+ files were moved aside, not deleted, into set-aside\// })
        .count(),
    ).toBe(1);
    expect(readdirSync(join(dataDir, 'set-aside')).length).toBeGreaterThan(0);
    await page.getByLabel('New batch').fill('After the fresh start');
    await page.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'After the fresh start' }).waitFor();
    await stop();
  });
});
