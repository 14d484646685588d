import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/local-service/server';
import type { RunningSandbox } from '../../electron/local-service/types';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

describe('settings in Chromium: a project with its key pair, auth mode, test connection', () => {
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
  const addForm = () => page.getByRole('form', { name: 'Add a project' });
  const wrongToken = 'wrong-token-1234567890-abcd';

  it('starts with no project, and says where to add one', async () => {
    await page.getByRole('table', { name: 'Projects' }).getByText('No projects yet').waitFor();
    await page.getByRole('region', { name: 'Current project' }).getByText('No project chosen yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Test connection' }).isDisabled()).toBe(true);
  });

  it('refuses a region URL that is not http, then adds the local sandbox with a wrong token, shown masked', async () => {
    await addForm().getByLabel('Project name').fill('local');
    await addForm().getByLabel('Sandbox project').check();
    await addForm().getByLabel('Local sandbox').check();
    await addForm().getByLabel('Base URL').fill('ftp://example.com');
    await addForm().getByLabel('App ID').fill(sandbox.credentials.appId);
    await addForm().getByLabel('App token').fill(wrongToken);
    await addForm().getByRole('button', { name: 'Add project' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Region "ftp:\/\/example.com" must be .*http/ })
      .waitFor();
    expect(await addForm().getByLabel('App token').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await addForm().getByLabel('Base URL').fill(sandboxUrl());
    await addForm().getByLabel('App token').fill(wrongToken);
    await addForm().getByRole('button', { name: 'Add project' }).click();
    await eventually(() => page.getByLabel('Stored token of local').textContent()).toBe('********abcd');
    await page.getByRole('region', { name: 'Current project' }).getByText(`local sandbox ${sandboxUrl()}`).waitFor();
    expect(await page.content()).not.toContain(wrongToken);
  });

  it('shows the service error of a wrong key pair with details, request id and a copy button', async () => {
    await page.getByRole('button', { name: 'Test connection to local' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(/Request id:/).waitFor();
    expect(await alert.textContent()).toMatch(/Details: /);
    await alert.getByRole('button', { name: 'Copy error' }).waitFor();
    await screenshot(page, 'settings-error');
  });

  it("saves the right key pair in the project's form, signs in with OAuth and shows the token expiry", async () => {
    await page.getByRole('button', { name: 'Key pair of local' }).click();
    const form = page.getByRole('form', { name: 'Key pair of local' });
    await form.getByLabel('App ID').fill(sandbox.credentials.appId);
    await form.getByLabel('App token').fill(sandbox.credentials.appToken);
    await form.getByRole('button', { name: 'Save key pair' }).click();
    await eventually(() => page.getByLabel('Stored token of local').textContent()).toBe(`********${sandbox.credentials.appToken.slice(-4)}`);
    expect(await page.content()).not.toContain(sandbox.credentials.appToken);
    await page.getByLabel(/OAuth tokens/).check();
    await status().filter({ hasText: 'Authentication mode saved' }).waitFor();
    await page.getByRole('button', { name: 'Test connection to local' }).click();
    await status()
      .filter({ hasText: /Connected to local \(sandbox project, local sandbox .*\)\. Token valid until/ })
      .waitFor();
    expect(sandbox.stats().tokensMinted).toBeGreaterThan(0);
    await screenshot(page, 'settings');
  });

  it('keeps the settings after a reload; renames the project and removes it at once, as it holds nothing', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Stored token of local').waitFor();
    expect(await page.getByLabel(/OAuth tokens/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Rename local' }).click();
    await page.getByLabel('New name').fill('local-sandbox');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await status().filter({ hasText: 'Renamed "local" to "local-sandbox"' }).waitFor();
    await page.getByRole('button', { name: 'Remove local-sandbox' }).click();
    await status().filter({ hasText: 'Removed project "local-sandbox" and its key.' }).waitFor();
    await page.getByRole('table', { name: 'Projects' }).getByText('No projects yet').waitFor();
  });
});
