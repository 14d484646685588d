import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventually, openApp, type OpenApp } from './harness';

describe('importing an empty or binary file in Chromium', () => {
  let filesDir: string;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'voucher-desk-e2e-refusal-'));
    opened = await openApp();
    page = opened.page;
    await page.getByLabel('New batch').fill('Only text');
    await page.getByRole('button', { name: 'Create batch' }).click();
    await page.getByRole('heading', { name: 'Only text' }).waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).click();
  });

  afterAll(async () => {
    await opened?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function choose(name: string, bytes: Uint8Array | string): Promise<void> {
    const file = join(filesDir, name);
    writeFileSync(file, bytes);
    await page.getByLabel('CSV file').setInputFiles(file);
  }

  it('refuses an empty file by its name, and the batch stays empty', async () => {
    await choose('empty.csv', '');
    await page.getByRole('alert').filter({ hasText: 'The CSV file empty.csv is empty (0 bytes)' }).waitFor();
    await eventually(() => page.getByLabel('Row counts').textContent()).toContain('0 rows');
  });

  it('refuses a gzip file as not a text CSV, not as a file without a Code column', async () => {
    await choose('codes.csv.gz', gzipSync('Code\nG-1\n'));
    await page.getByRole('alert').filter({ hasText: 'codes.csv.gz is not a text CSV: it looks like a gzip archive' }).waitFor();
    await eventually(() => page.getByText('Code column').count()).toBe(0);
    await eventually(() => page.getByRole('table', { name: 'Preview' }).count()).toBe(0);
  });
});
