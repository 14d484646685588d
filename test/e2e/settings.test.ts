import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox/server';
import type { RunningSandbox } from '../../electron/sandbox/types';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

describe('settings in Chromium: target, key pair, auth mode, test connection', () => {
  let sandbox: RunningSandbox;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox();
    opened = await openApp({}, { width: 1200, height: 900 });
    page = opened.page;
    await page.getByRole('button', { name: 'Settings' }).click();
  });

  afterAll(async () => {
    await opened?.close();
    await sandbox?.close();
  });

  const status = () => page.getByRole('main').getByRole('status');
  const sandboxUrl = () => sandbox.urls[sandbox.hostCluster];

  it('starts on Europe and says clearly that no key pair is stored', async () => {
    await page.getByText('Now: Europe').waitFor();
    expect(await page.getByLabel('Europe').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').filter({ hasText: 'No key pair is stored for Europe' }).waitFor();
  });

  it('points at the local sandbox and refuses a URL that is not one', async () => {
    await page.getByLabel('Local sandbox').check();
    await page.getByLabel('Base URL').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Save target' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Target: .*http/ })
      .waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByLabel('Base URL').fill(sandboxUrl());
    await page.getByRole('button', { name: 'Save target' }).click();
    await page.getByText(`Now: local sandbox ${sandboxUrl()}`).waitFor();
  });

  it('shows a wrong key pair masked and the service error with details, request id and a copy button', async () => {
    const wrongToken = 'wrong-token-1234567890-abcd';
    await page.getByLabel('App ID', { exact: true }).fill(sandbox.credentials.appId);
    await page.getByLabel('App token', { exact: true }).fill(wrongToken);
    await page.getByRole('button', { name: 'Save key pair' }).click();
    await eventually(() => page.getByLabel('Stored token').textContent()).toBe('********abcd');
    expect(await page.getByLabel('App token', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(wrongToken);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(/Request id:/).waitFor();
    expect(await alert.textContent()).toMatch(/Details: /);
    await alert.getByRole('button', { name: 'Copy error' }).waitFor();
    await screenshot(page, 'settings-error');
  });

  it('saves the right key pair, signs in with OAuth and shows the token expiry', async () => {
    await page.getByLabel('App ID', { exact: true }).fill(sandbox.credentials.appId);
    await page.getByLabel('App token', { exact: true }).fill(sandbox.credentials.appToken);
    await page.getByRole('button', { name: 'Save key pair' }).click();
    await eventually(() => page.getByLabel('Stored token').textContent()).toBe(`********${sandbox.credentials.appToken.slice(-4)}`);
    expect(await page.content()).not.toContain(sandbox.credentials.appToken);
    await page.getByLabel(/OAuth tokens/).check();
    await status().filter({ hasText: 'Authentication mode saved' }).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await status()
      .filter({ hasText: /Connected to local sandbox .* Token valid until/ })
      .waitFor();
    expect(sandbox.stats().tokensMinted).toBeGreaterThan(0);
    await screenshot(page, 'settings');
  });

  it('keeps the settings after a reload, and removes the key pair on request', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText(`Now: local sandbox ${sandboxUrl()}`).waitFor();
    expect(await page.getByLabel(/OAuth tokens/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Remove key pair' }).click();
    await page.getByText('No key pair stored for this target.').waitFor();
  });
});
