import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_EARNING_RULE_IDS, startSandbox } from '../../electron/local-service/server';
import type { RunningSandbox } from '../../electron/local-service/types';
import { createClient } from '../../shared/api';
import { eventually, openApp, screenshot, type OpenApp } from './harness';
import { addSandboxProject } from '../integration/host/add-project';

/** Each main view in both colour schemes, for the README (docs/screenshots) and for review. */
async function bothSchemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `view-${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the views in Chromium: rewards with attributes, deletes that name their codes, stacks and publications offline', () => {
  let sandbox: RunningSandbox;
  let sandboxOpen = false;
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox();
    sandboxOpen = true;
    opened = await openApp({}, { width: 1400, height: 900 });
    page = opened.page;
    const { handlers } = opened.app.services;
    await addSandboxProject(handlers, sandbox);
    await page.reload();
  });

  afterAll(async () => {
    await opened?.close();
    if (sandboxOpen) await sandbox?.close();
  });

  const client = () => createClient({ target: { sandbox: sandbox.urls[sandbox.hostCluster] }, auth: { type: 'keys', ...sandbox.credentials } });
  const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
  const rowsOf = (table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

  it('names the codes a permanent delete destroys, in a danger-styled confirmation, and refuses an empty list in words', async () => {
    await nav('Outbox').click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('alert').filter({ hasText: 'Type at least one code to delete' }).waitFor();
    await page.getByLabel('Codes to delete').fill('GONE-001, GONE-002 GONE-003');
    await page.getByLabel('Delete permanently').check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Permanently delete 3 voucher(s)?' }).waitFor();
    expect(await dialog.getByRole('list', { name: 'Codes that will be deleted' }).getByRole('listitem').allInnerTexts()).toEqual([
      'GONE-001',
      'GONE-002',
      'GONE-003',
    ]);
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    expect(await confirm.evaluate((b) => b.classList.contains('danger'))).toBe(true);
    const [confirmColour, keepColour] = await Promise.all([
      confirm.evaluate(
        (b) => (b.ownerDocument.defaultView as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(b).backgroundColor,
      ),
      dialog
        .getByRole('button', { name: 'Keep them' })
        .evaluate((b) => (b.ownerDocument.defaultView as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(b).backgroundColor),
    ]);
    expect(confirmColour).not.toBe(keepColour);
    await screenshot(page, 'delete-confirmation');
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    expect(sandbox.stats().requests).toBe(0);
  });

  it('queues a material reward with an image and a description, syncs it, and finds it in the sandbox and the cached list', async () => {
    await nav('Rewards').click();
    await page.getByRole('table', { name: 'Rewards' }).getByText('Nothing shown yet').waitFor();
    await page.getByLabel('Kind').selectOption('MATERIAL');
    await page.getByLabel('Reward name').fill('Blue mug');
    await page.getByLabel('Product id').fill('prod_coffee00001');
    await page.getByLabel('SKU id').fill('sku_mug0001');
    await page.getByLabel('Stock').fill('40');
    await page.getByLabel('Image URL').fill('ftp://pictures/mug.png');
    await page.getByRole('button', { name: 'Queue reward' }).click();
    await page.getByRole('alert').filter({ hasText: 'Image URL must be an http:// or https:// address' }).waitFor();
    await page.getByLabel('Image URL').fill('https://pictures.example/mug.png');
    await page.getByLabel('Description').fill('A blue mug, 300 ml');
    await page.getByLabel('Metadata (JSON)').fill('{"shelf": "B2"}');
    await page.getByRole('button', { name: 'Queue reward' }).click();
    await page.getByText(/Reward "Blue mug" queued as operation \d+/).waitFor();
    await bothSchemes(page, 'rewards-form');

    await nav('Outbox').click();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await eventually(() => page.getByRole('table', { name: 'Operations' }).getByText('done', { exact: true }).count()).toBe(1);
    await bothSchemes(page, 'outbox');

    const created = (await client().listRewards({ limit: 100 })).items.find((r) => r.name === 'Blue mug');
    expect(created).toMatchObject({
      type: 'MATERIAL',
      stock: 40,
      metadata: { shelf: 'B2' },
      attributes: { image_url: 'https://pictures.example/mug.png', description: 'A blue mug, 300 ml' },
      parameters: { product: { id: 'prod_coffee00001', sku_id: 'sku_mug0001' } },
    });

    await nav('Rewards').click();
    await page.getByRole('button', { name: 'Fetch from the service' }).click();
    await page.getByText(/^Fetched \d+ of \d+ rewards into the offline cache/).waitFor();
    await rowsOf('Rewards').filter({ hasText: 'Blue mug' }).getByRole('button', { name: 'Blue mug' }).click();
    await page.getByRole('region', { name: 'Reward Blue mug' }).getByText('https://pictures.example/mug.png').waitFor();
    await bothSchemes(page, 'rewards');
  });

  it('fetches the stacks into the cache, then pages through them with the service gone', async () => {
    await nav('Promotion stacks').click();
    await page.getByRole('table', { name: 'Promotion stacks' }).getByText('Nothing shown yet').waitFor();
    await page.getByRole('button', { name: 'Fetch from the service' }).click();
    const live = (await client().listStacks({ limit: 100, order: 'name' })).items;
    await page.getByText(new RegExp(`^Fetched ${live.length} of ${live.length} promotion stacks into the offline cache`)).waitFor();
    await bothSchemes(page, 'stacks');

    await sandbox.close();
    sandboxOpen = false;
    await nav('Publications').click();
    await nav('Promotion stacks').click();
    await page.getByLabel('Per page').fill('2');
    await page.getByLabel('Order').selectOption('name');
    await page.getByRole('button', { name: 'Show stacks' }).click();
    const seen: string[] = [];
    const pages = Math.ceil(live.length / 2);
    for (let p = 1; p <= pages; p++) {
      await page.getByText(`Page ${p} of ${pages}`).waitFor();
      seen.push(...(await rowsOf('Promotion stacks').locator('td:first-child').allInnerTexts()));
      if (p < pages) await page.getByRole('navigation', { name: 'Stack pages' }).getByRole('button', { name: 'Next page' }).click();
    }
    expect(seen).toEqual(live.map((s) => s.name));
    await page.getByText(`${live.length} promotion stacks in the offline cache (last fetched`).waitFor();

    await page.getByRole('button', { name: 'Fetch from the service' }).click();
    await page.getByText('Fetching from the service failed; the offline cache is unchanged.').waitFor();
    await page.getByRole('alert').waitFor();
  });

  it('clears the rows of an earlier search when a live search fails, and says the live source failed', async () => {
    await nav('Publications').click();
    await page.getByLabel('Offline cache').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^0 publications in the offline cache/).waitFor();
    await page.getByLabel('From the service').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Searching the service (live) failed; no publications shown.').waitFor();
    await page.getByRole('alert').waitFor();
    expect(await page.getByText(/publications in the offline cache/).count()).toBe(0);
    expect(await rowsOf('Publications').count()).toBe(1);
    expect(await rowsOf('Publications').innerText()).toMatch(/Nothing shown yet/);
  });
});

describe('publications with people and reasons, and the other views, in both schemes', () => {
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    opened = await openApp({ sandbox: true }, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

  it('shows local times with the ISO value in a tooltip, customer names and emails, and why a publication failed; a failed search then clears them', async () => {
    await nav('Publications').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/publications in the service/).waitFor();
    const table = page.getByRole('table', { name: 'Publications' });
    const time = table.locator('tbody time').first();
    const iso = await time.getAttribute('title');
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await time.innerText()).not.toBe(iso);
    expect(await time.getAttribute('datetime')).toBe(iso);
    await table.getByText('@').first().waitFor();
    await page.getByLabel('Result').selectOption('FAILURE');
    await page.getByRole('button', { name: 'Search' }).click();
    await table
      .getByText(/no_voucher_suitable_for_publication: No voucher suitable|customer_rules_violated: The customer/)
      .first()
      .waitFor();
    await bothSchemes(page, 'publications');

    const sb = opened.app.sandbox;
    if (!sb) throw new Error('the e2e app has no sandbox');
    sb.setFaults({ failRate: 1 });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Searching the service (live) failed; no publications shown.').waitFor();
    expect(await table.locator('tbody time').count()).toBe(0);
    sb.setFaults({});
  });

  it('shows an earning rule and the settings with the test result beside its button', async () => {
    await nav('Earning rules').click();
    await page.getByLabel('Earning rule id').fill(SEED_EARNING_RULE_IDS.points);
    await page.getByRole('button', { name: 'Show rule' }).click();
    await page
      .getByRole('region', { name: `Earning rule ${SEED_EARNING_RULE_IDS.points}` })
      .getByText(/^Fetched/)
      .waitFor();
    await bothSchemes(page, 'earning-rules');

    await nav('Settings').click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const section = page.getByRole('region', { name: 'Authentication' });
    await section
      .getByRole('status')
      .filter({ hasText: /Connected to local production \(production, local sandbox http/ })
      .waitFor();
    const button = await section.getByRole('button', { name: 'Test connection' }).boundingBox();
    const result = await section.getByRole('status').boundingBox();
    expect(button && result && result.y - (button.y + button.height)).toBeLessThan(40);
    await bothSchemes(page, 'settings');
  });
});
