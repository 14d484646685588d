import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/local-service/server';
import type { RunningSandbox } from '../../electron/local-service/types';
import { createClient } from '../../shared/api';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

// One sandbox address holds a production project and its sandbox project, as an account has them:
// each has its own history (40 and 75 publications) and its own vouchers, so a view that read the
// wrong project's cache (or a cache keyed by address), or a sync that wrote to the wrong one, shows.
const PROD_HISTORY = 40;
const SANDBOX_HISTORY = 75;
const CODES = 5;

describe('projects in Chromium: the sidebar switcher, the production guard and removal', () => {
  let sb: RunningSandbox;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    sb = await startSandbox({ projects: [{ name: 'prod' }, { name: 'trial', sandboxProject: true }], seedPublications: PROD_HISTORY });
    sb.appendPublications(SANDBOX_HISTORY - PROD_HISTORY, 'trial');
    opened = await openApp({}, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
    await sb?.close();
  });

  const url = () => sb.urls[sb.hostCluster];
  const keyOf = (project: 'prod' | 'trial') => sb.projects.find((p) => p.name === project)?.credentials ?? { appId: '', appToken: '' };
  const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
  const switcher = () => page.getByRole('region', { name: 'Current project' });
  const dashboard = () => page.getByRole('region', { name: 'History dashboard' });
  const publications = () =>
    dashboard()
      .getByRole('term')
      .filter({ hasText: /^Publications/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText();
  const writesTo = (project: 'prod' | 'trial') => sb.requestLog().filter((r) => r.project === project && r.method !== 'GET').length;
  const codesOf = (prefix: string) => Array.from({ length: CODES }, (_, i) => `${prefix}-${i + 1}`);

  async function bothSchemes(name: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `${name}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function addProject(name: string, kind: 'Production' | 'Sandbox project', project: 'prod' | 'trial'): Promise<void> {
    const form = page.getByRole('form', { name: 'Add a project' });
    await form.getByLabel('Project name').fill(name);
    await form.getByLabel(kind, { exact: false }).check();
    await form.getByLabel('Local sandbox').check();
    await form.getByLabel('Base URL').fill(url());
    await form.getByLabel('App ID').fill(keyOf(project).appId);
    await form.getByLabel('App token').fill(keyOf(project).appToken);
    await form.getByRole('button', { name: 'Add project' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Added project "${name}"` })
      .waitFor();
  }

  /** A batch of valid codes queued for the project, through main's own handlers. */
  async function queued(projectName: string, prefix: string): Promise<number> {
    const { handlers } = opened.app.services;
    const projects = (await handlers['projects.list']?.({})) ?? [];
    const projectId = projects.find((p) => p.name === projectName)?.id;
    const batch = await handlers['batches.create']?.({
      name: prefix,
      defaults: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } },
    });
    if (!batch || !projectId) throw new Error('batch or project missing');
    await handlers['drafts.add']?.({ batchId: batch.id, drafts: codesOf(prefix).map((code) => ({ code })) });
    const op = await handlers['outbox.queueBatch']?.({ batchId: batch.id, operation: 'import-json', projectId });
    if (!op) throw new Error('queueBatch is missing');
    return op.id;
  }

  const operationRow = (opId: number) =>
    page
      .getByRole('table', { name: 'Operations' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(opId), exact: true }) });

  it('adds a production and a sandbox project in Settings; the first is current and the app says PRODUCTION', async () => {
    await nav('Settings').click();
    await switcher().getByText('No project chosen yet.').waitFor();
    await addProject('shop', 'Production', 'prod');
    await addProject('shop-sandbox', 'Sandbox project', 'trial');
    const rows = page.getByRole('table', { name: 'Projects' }).locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^shop\s*\(current\)\s+PRODUCTION\s/),
      expect.stringMatching(/^shop-sandbox\s+sandbox project\s/),
    ]);
    expect(await switcher().getByRole('combobox').inputValue()).not.toBe('');
    expect(await switcher().getByRole('combobox').locator('option:checked').innerText()).toBe('shop');
    await switcher().getByText('PRODUCTION', { exact: true }).waitFor();
    await page.getByRole('note', { name: 'Production project' }).filter({ hasText: 'shop' }).waitFor();
    expect(await page.content()).not.toContain(keyOf('prod').appToken);
    await bothSchemes('settings-projects');
  });

  it("switches projects in the sidebar, and the publication history is each project's own", async () => {
    await nav('Publications').click();
    await dashboard().getByRole('button', { name: "Pull what's new" }).click();
    await eventually(publications).toBe(String(PROD_HISTORY));

    await switcher().getByRole('combobox').selectOption({ label: 'shop-sandbox' });
    await dashboard().getByText('holds no publications for this project yet').waitFor();
    await expect(page.getByRole('note', { name: 'Production project' }).count()).resolves.toBe(0);
    await switcher().getByText('sandbox project', { exact: true }).waitFor();
    await dashboard().getByRole('button', { name: "Pull what's new" }).click();
    await eventually(publications).toBe(String(SANDBOX_HISTORY));

    const requestsBefore = sb.requestLog().length;
    await switcher().getByRole('combobox').selectOption({ label: 'shop' });
    await eventually(publications).toBe(String(PROD_HISTORY));
    // Read from the cache of "shop": switching asked the service for nothing.
    expect(sb.requestLog().length).toBe(requestsBefore);
  });

  it('asks for the name before a production sync: a wrong name sends nothing, the right one sends the codes once', async () => {
    const opId = await queued('shop', 'PROD');
    const vouchersBefore = sb.stats('prod').vouchers;
    const writesBefore = writesTo('prod');
    const sandboxVouchers = sb.stats('trial').vouchers;
    await nav('Outbox').click();
    expect(await page.getByLabel('Sync project').locator('option:checked').innerText()).toBe('shop (PRODUCTION)');
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync to a PRODUCTION project?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(url());
    expect(await dialog.getByRole('list', { name: 'What the sync sends' }).innerText()).toContain(`${CODES} codes`);
    await dialog
      .getByLabel('Budget')
      .filter({ hasText: /API calls/ })
      .waitFor();

    await dialog.getByLabel(/Type the project's name/).fill('Shop');
    await dialog.getByRole('button', { name: 'Sync to production' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Type the project\'s name "shop" to confirm; nothing was sent' }).waitFor();
    expect(writesTo('prod')).toBe(writesBefore);
    expect(sb.stats('prod').vouchers).toBe(vouchersBefore);
    await bothSchemes('production-confirmation');
    await dialog.getByLabel(/Type the project's name/).fill('shop');

    await dialog.getByRole('button', { name: 'Sync to production' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await operationRow(opId).getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    expect(sb.stats('prod').vouchers).toBe(vouchersBefore + CODES);
    const client = createClient({ target: { sandbox: url() }, auth: { type: 'keys', ...keyOf('prod') } });
    for (const code of codesOf('PROD')) expect((await client.getVoucher(code)).code).toBe(code);
    expect(sb.stats('trial').vouchers).toBe(sandboxVouchers);
  });

  it('syncs to a sandbox project with no confirmation, after showing its budget', async () => {
    const opId = await queued('shop-sandbox', 'SAND');
    const vouchersBefore = sb.stats('trial').vouchers;
    const prodWrites = writesTo('prod');
    await nav('Outbox').click();
    await page.getByLabel('Sync project').selectOption({ label: 'shop-sandbox (sandbox project)' });
    await page
      .getByRole('region', { name: 'Dry-run plan' })
      .filter({ hasText: /shop-sandbox: The sync needs about \d+ API calls/ })
      .waitFor();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await operationRow(opId).getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(sb.stats('trial').vouchers).toBe(vouchersBefore + CODES);
    expect(writesTo('prod')).toBe(prodWrites);
    // Each project's key reads its own codes only.
    const trial = createClient({ target: { sandbox: url() }, auth: { type: 'keys', ...keyOf('trial') } });
    for (const code of codesOf('SAND')) expect((await trial.getVoucher(code)).code).toBe(code);
    await expect(trial.getVoucher('PROD-1')).rejects.toMatchObject({ status: 404 });
  });

  it('asks before removing a project holding a queued operation, and keeps it when the name is wrong', async () => {
    await nav('Outbox').click();
    const deletion = page.getByRole('form', { name: 'Delete vouchers' });
    await deletion.getByLabel('Codes to delete').fill('SAND-1');
    await deletion.getByLabel('Queue to project').selectOption({ label: 'shop-sandbox (sandbox project)' });
    await deletion.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to the bin' }).click();
    await page
      .getByRole('table', { name: 'Operations' })
      .getByRole('rowgroup', { name: 'Operations for shop-sandbox' })
      .getByRole('row')
      .filter({ hasText: 'delete' })
      .getByText('queued', { exact: true })
      .waitFor();

    await nav('Settings').click();
    await page.getByRole('button', { name: 'Remove shop-sandbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the project "shop-sandbox"?' });
    await dialog.getByText(/holds 1 open operation\(s\) in the outbox/).waitFor();
    await dialog.getByLabel(/Type the project's name/).fill('shop');
    await dialog.getByRole('button', { name: 'Remove project' }).click();
    await dialog.getByRole('alert').filter({ hasText: '"shop" is not the project\'s name: nothing was removed.' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: 'Projects' }).getByText('shop-sandbox').count()).toBe(1);
    const listed = (await opened.app.services.handlers['projects.list']?.({})) ?? [];
    expect(listed.map((p) => p.name)).toEqual(['shop', 'shop-sandbox']);
    expect(sb.requestLog().filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
