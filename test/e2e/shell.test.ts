import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

describe('app shell in Chromium over the web host', () => {
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    opened = await openApp();
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('opens with the token, drops it from the address and answers app.info through the contract', async () => {
    await page.goto(opened.app.host.url);
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
    const other = await opened.browser.newPage();
    await other.goto(opened.app.host.origin);
    await other.getByRole('alert').filter({ hasText: 'without its access token' }).waitFor();
    await other.close();
  });

  it('follows the system theme: light by default, dark when the system asks for it', async () => {
    const background = () => page.locator('body').evaluate((body) => body.ownerDocument.defaultView?.getComputedStyle(body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(22, 24, 28)');
    await screenshot(page, 'shell-dark');
  });
});
