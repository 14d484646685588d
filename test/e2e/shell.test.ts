import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, eventually, launchChromium, screenshot, startE2eApp, type E2eApp } from './harness';

describe('app shell in Chromium over the web host', () => {
  let rendererDir: string;
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    rendererDir = await buildRenderer();
    app = await startE2eApp(rendererDir);
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
  });

  it('opens with the token, drops it from the address and answers app.info through the contract', async () => {
    await page.goto(app.host.url);
    await eventually(() => page.getByRole('navigation', { name: 'Sections' }).getByRole('button').count()).toBe(7);
    await page.getByText(/Voucher Desk \d+\.\d+\.\d+/).waitFor();
    expect(page.url()).not.toContain('token=');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell');
  });

  it('keeps working after a reload, with the token kept by the tab', async () => {
    await page.reload();
    await page.getByText(/Voucher Desk \d+\.\d+\.\d+/).waitFor();
  });

  it('shows a clear message when opened without the token', async () => {
    const other = await browser.newPage();
    await other.goto(app.host.origin);
    await other.getByRole('alert').filter({ hasText: 'without its access token' }).waitFor();
    await other.close();
  });
});
