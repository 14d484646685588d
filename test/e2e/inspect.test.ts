import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_EARNING_RULE_IDS } from '../../electron/local-service/server';
import { createClient } from '../../shared/api';
import { describeEarningRule } from '../../shared/domain/earning-rule-summary';
import { eventually, openApp, screenshot, syncToProduction, type OpenApp } from './harness';

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

  it("starts with the sandbox's production and sandbox projects on its one address, production current", async () => {
    const sandbox = opened.app.sandbox;
    if (!sandbox) throw new Error('no sandbox');
    const listed = (await opened.app.services.handlers['projects.list']?.({})) ?? [];
    const address = sandbox.urls[sandbox.hostCluster];
    expect(listed.map((p) => [p.name, p.kind, p.location, p.current])).toEqual([
      ['local production', 'production', address, true],
      ['local sandbox project', 'sandbox-project', address, false],
    ]);
    await page.getByRole('region', { name: 'Current project' }).getByText('PRODUCTION', { exact: true }).waitFor();
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
    await page
      .getByRole('region', { name: /^Publication / })
      .getByText('FAILURE')
      .first()
      .waitFor();
    await screenshot(page, 'publications');
  });

  it('refuses a malformed filter with the field named, then pulls to the cache and browses offline', async () => {
    await page.getByLabel('Operator 1').selectOption('$in');
    await page.getByLabel('Value 1').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /filters/ })
      .waitFor();
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
    await page.getByRole('button', { name: 'Fetch from the service' }).click();
    await page.getByRole('button', { name: 'Summer basics' }).click();
    await page.getByRole('region', { name: 'Stack Summer basics' }).waitFor();
    expect(await page.getByRole('button', { name: 'Loyalty tiers' }).count()).toBe(0);
  });

  /** The sandbox's copy of the rule, described by the same pure function the view uses. */
  async function expectedLines(id: string): Promise<string[]> {
    const sb = opened.app.sandbox;
    if (!sb) throw new Error('the e2e app has no sandbox');
    const client = createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials } });
    return describeEarningRule(await client.getEarningRule(id)).map((line) => line.trim());
  }

  async function showRule(id: string, offline: boolean): Promise<string[]> {
    await page.getByLabel('Earning rule id').fill(id);
    await page.getByLabel('Offline cache').setChecked(offline);
    await page.getByRole('button', { name: 'Show rule' }).click();
    const region = page.getByRole('region', { name: `Earning rule ${id}` });
    await region.waitFor();
    await eventually(() => region.getByText(offline ? /From the offline cache/ : /^Fetched/).count()).toBe(1);
    const heading = await region.getByRole('heading').innerText();
    const details = await region.getByRole('list', { name: 'Rule details' }).getByRole('listitem').allInnerTexts();
    return [heading, ...details].map((line) => line.trim());
  }

  it('shows the seeded earning rules readably, live and then from the offline cache, and a missing one as the service error', async () => {
    await page.getByRole('button', { name: 'Earning rules' }).click();
    for (const id of [SEED_EARNING_RULE_IDS.points, SEED_EARNING_RULE_IDS.proportional]) {
      const expected = await expectedLines(id);
      expect(expected.some((line) => /expire|points/i.test(line))).toBe(true);
      expect(await showRule(id, false)).toEqual(expected);
      expect(await showRule(id, true)).toEqual(expected);
    }
    await screenshot(page, 'earning-rule');
    await page.getByLabel('Earning rule id').fill('lern_0000000000000000');
    await page.getByRole('button', { name: 'Show rule' }).click();
    await page
      .getByRole('alert')
      .getByText(/not in the offline cache/)
      .waitFor();
    await page.getByLabel('Offline cache').setChecked(false);
    await page.getByLabel('Earning rule id').fill('lern_ffffffffffffffff');
    await page.getByRole('button', { name: 'Show rule' }).click();
    await page
      .getByRole('alert')
      .getByText(/Request id:/)
      .waitFor();
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
    await syncToProduction(page, 'local production');
    const ops = page.getByRole('table', { name: 'Operations' });
    await eventually(() => ops.getByText('done', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Rewards' }).click();
    await page.getByRole('button', { name: 'Fetch from the service' }).click();
    await page.getByRole('table', { name: 'Rewards' }).getByRole('button', { name: 'Ten credits' }).waitFor();
  });

  it('queues a material reward with stock and metadata (and refuses metadata that is not a JSON object), then creates it on sync', async () => {
    await page.getByRole('button', { name: 'Rewards', exact: true }).click();
    await page.getByLabel('Kind').selectOption('MATERIAL');
    await page.getByLabel('Reward name').fill('Desk lamp');
    await page.getByLabel('Product id').fill('prod_coffee00001');
    await page.getByLabel('SKU id').fill('sku_mug0001');
    await page.getByLabel('Stock').fill('25');
    await page.getByLabel('Metadata (JSON)').fill('["not", "an object"]');
    await page.getByRole('button', { name: 'Queue reward' }).click();
    await page
      .getByRole('alert')
      .getByText(/Metadata must be a JSON object/)
      .waitFor();
    await page.getByLabel('Metadata (JSON)').fill('{"tier": "gold", "shelf": 3}');
    await page.getByRole('button', { name: 'Queue reward' }).click();
    const queued = page.getByText(/Reward "Desk lamp" queued as operation (\d+)/);
    await queued.waitFor();
    const opId = Number(/operation (\d+)/.exec(await queued.innerText())?.[1]);
    await page.getByRole('button', { name: 'Outbox' }).click();
    await syncToProduction(page, 'local production');
    const ops = page.getByRole('table', { name: 'Operations' });
    await eventually(() => ops.getByText('done', { exact: true }).count()).toBe(opId);

    const sb = opened.app.sandbox;
    if (!sb) throw new Error('the e2e app has no sandbox');
    const client = createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials } });
    const rewards = (await client.listRewards({ limit: 100 })).items;
    const mug = rewards.find((r) => r.name === 'Desk lamp') as Record<string, unknown> | undefined;
    expect(mug).toMatchObject({ type: 'MATERIAL', stock: 25, metadata: { tier: 'gold', shelf: 3 } });
  });
});
