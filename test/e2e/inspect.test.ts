import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

describe('publications, stacks, earning rules, rewards and deletes in Chromium against the sandbox', () => {
  let opened: OpenApp;
  let page: Page;

  beforeAll(async () => {
    opened = await openApp({ sandbox: true }, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  const table = () => page.getByRole('table', { name: 'Publications' });
  const dataRows = async () => (await table().getByRole('row').count()) - 1;

  it('lists publications with a filter condition, an order, and a detail pane', async () => {
    await page.getByRole('button', { name: 'Publications' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/publications in the service/).waitFor();
    const all = await dataRows();
    expect(all).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Field 1').selectOption('result');
    await page.getByLabel('Operator 1').selectOption('$is');
    await page.getByLabel('Value 1').fill('FAILURE');
    await page.getByLabel('Order').selectOption('-created_at');
    await page.getByRole('button', { name: 'Search' }).click();
    await eventually(async () => (await table().getByRole('cell', { name: 'SUCCESS', exact: true }).count()) === 0 && (await dataRows()) > 0).toBe(true);
    await table().getByRole('row').nth(1).getByRole('button').click();
    await page.getByRole('region', { name: /^Publication / }).getByText('FAILURE').first().waitFor();
    await screenshot(page, 'publications');
  });

  it('refuses a malformed filter with the field named, then pulls to the cache and browses offline', async () => {
    await page.getByLabel('Operator 1').selectOption('$in');
    await page.getByLabel('Value 1').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').filter({ hasText: /filters/ }).waitFor();
    await page.getByRole('button', { name: 'Remove condition 1' }).click();
    await page.getByRole('button', { name: 'Pull to cache' }).click();
    await page.getByText(/^Pulled \d+ of \d+ publications into the cache/).waitFor();
    await page.getByLabel('Offline cache').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/publications in the offline cache \(last pull/).waitFor();
    expect(await dataRows()).toBeGreaterThan(0);
  });

  it('lists the promotion stacks of a campaign', async () => {
    await page.getByRole('button', { name: 'Promotion stacks' }).click();
    await page.getByLabel(/^Campaign/).fill('camp_summersale01');
    await page.getByRole('button', { name: 'Show stacks' }).click();
    await page.getByRole('button', { name: 'Summer basics' }).click();
    await page.getByRole('region', { name: 'Stack Summer basics' }).waitFor();
    expect(await page.getByRole('button', { name: 'Loyalty tiers' }).count()).toBe(0);
  });

  it('shows an earning rule readably, and a missing one as the service error', async () => {
    await page.getByRole('button', { name: 'Earning rules' }).click();
    await page.getByLabel('Earning rule id').fill('ern_points0000001');
    await page.getByRole('button', { name: 'Show rule' }).click();
    await page.getByRole('region', { name: 'Earning rule ern_points0000001' }).getByText(/effect/).first().waitFor();
    await page.getByLabel('Earning rule id').fill('ern_missing');
    await page.getByRole('button', { name: 'Show rule' }).click();
    await page.getByRole('alert').getByText(/Request id:/).waitFor();
  });

  it('queues a digital reward and a deletion to the bin after a confirmation that says the difference, then syncs them', async () => {
    await page.getByRole('button', { name: 'Rewards' }).click();
    await page.getByLabel('Reward name').fill('Ten credits');
    await page.getByLabel('Campaign id').fill('camp_giftcards26');
    await page.getByRole('button', { name: 'Queue reward' }).click();
    await page.getByText(/Reward "Ten credits" queued as operation 1/).waitFor();
    await page.getByRole('button', { name: 'Outbox' }).click();
    await page.getByLabel('Codes to delete').fill('NO-SUCH-CODE-1');
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('can be restored').waitFor();
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await page.getByLabel('Delete permanently').check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByText('gone for good').waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete permanently' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    await page.getByLabel('Move to the bin').check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('button', { name: 'Move to the bin' }).click();
    await page.getByText(/Deletion of 1 code\(s\) queued as operation 2/).waitFor();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    const ops = page.getByRole('table', { name: 'Operations' });
    await eventually(() => ops.getByText('done', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Rewards' }).click();
    await page.getByRole('button', { name: 'Show rewards in the service' }).click();
    await page.getByRole('table', { name: 'Rewards' }).getByRole('cell', { name: 'Ten credits' }).waitFor();
  });
});
