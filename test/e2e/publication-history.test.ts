import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationDoc } from '../../electron/local-service/publication-doc';
import type { RunningSandbox } from '../../electron/local-service/types';
import { putPublications, sandboxOn, sandboxPublications } from '../integration/cache/history';
import { makeTempDir } from '../integration/cache/temp';
import { eventually, openApp, screenshot, type OpenApp } from './harness';
import { monthsOfHistory, previousMonth, tallyBy, wallClock, type Tally } from './history-fixtures';
import { addSandboxProject } from '../integration/host/add-project';

// The reader sits in Auckland (UTC+13 in November): a day or month there is not the UTC one, so a
// dashboard that bucketed in UTC would disagree with the counts below.
const TIME_ZONE = 'Pacific/Auckland';
const clock = wallClock(TIME_ZONE);

describe('the publication history dashboard against the sandbox, then offline', () => {
  let sandbox: RunningSandbox;
  let sandboxOpen = false;
  let opened: OpenApp;
  let page: Page;
  let docs: PublicationDoc[];
  let downloads: string;

  beforeAll(async () => {
    const dir = makeTempDir();
    downloads = dir;
    const dataFile = join(dir, 'sandbox.sqlite');
    await (await sandboxOn(dataFile)).close();
    await putPublications(dataFile, monthsOfHistory(Date.now(), 12));
    docs = await sandboxPublications(dataFile);
    sandbox = await sandboxOn(dataFile);
    sandboxOpen = true;
    opened = await openApp();
    const { handlers } = opened.app.services;
    await addSandboxProject(handlers, sandbox);
    const context = await opened.browser.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1400, height: 1500 }, acceptDownloads: true });
    page = await context.newPage();
    await page.goto(opened.app.host.url);
  });

  afterAll(async () => {
    await opened?.close();
    if (sandboxOpen) await sandbox?.close();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
  const dashboard = () => page.getByRole('region', { name: 'History dashboard' });
  const total = (label: RegExp | string) => dashboard().getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  const numberIn = async (label: RegExp | string): Promise<number> => Number((await total(label).innerText()).split(' ')[0]?.replace(/\D/g, ''));

  /** The "Over time" table: bucket start (its datetime attribute) -> counts, empty buckets left out. */
  async function overTime(): Promise<Map<string, Tally>> {
    const rows = dashboard().getByRole('table', { name: 'Over time' }).locator('tbody tr');
    const read = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        start: tr.querySelector('time')?.getAttribute('datetime') ?? '',
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      })),
    );
    const out = new Map<string, Tally>();
    for (const { start, cells } of read) {
      const [success = 0, failure = 0, sum = 0] = cells.map((c) => Number(c.replace(/\D/g, '')));
      if (sum > 0) out.set(start, { total: sum, SUCCESS: success, FAILURE: failure });
    }
    return out;
  }

  const at = (doc: PublicationDoc): number => Date.parse(doc.item.created_at);
  const lastMonth = (): PublicationDoc[] => docs.filter((d) => clock.month(at(d)) === previousMonth(Date.now(), TIME_ZONE));

  async function readTheHistory(): Promise<void> {
    await dashboard().getByRole('button', { name: 'All time' }).click();
    await eventually(() => numberIn(/^Publications/)).toBe(docs.length);
    // Each month bucket starts at local midnight of the 1st, and holds what the sandbox holds for that local month.
    const table = await overTime();
    for (const start of table.keys()) {
      expect(clock.day(Date.parse(start)).endsWith('-01')).toBe(true);
      expect(new Date(Date.parse(start)).toLocaleTimeString('en-GB', { timeZone: TIME_ZONE })).toBe('00:00:00');
    }
    const byMonth = tallyBy(docs, (d) => clock.month(at(d)));
    expect(new Map([...table].map(([start, t]) => [clock.month(Date.parse(start)), t]))).toEqual(byMonth);

    // "How many did we publish by email last month, and why did the failures fail?"
    await dashboard().getByRole('button', { name: 'Last month' }).click();
    await dashboard()
      .getByRole('combobox', { name: /^Channel/ })
      .selectOption('Email');
    const email = lastMonth().filter((d) => d.item.channel === 'Email');
    expect(email.length).toBeGreaterThan(0);
    await eventually(() => numberIn(/^Publications/)).toBe(email.length);
    expect(await numberIn('Failed')).toBe(email.filter((d) => d.facts.result === 'FAILURE').length);
    const why = dashboard().getByRole('table', { name: 'Why publications failed' });
    const shown = await why
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent?.trim(), tr.querySelector('.count')?.textContent]));
    const failed = email.filter((d) => d.facts.result === 'FAILURE');
    const codes = [...tallyBy(failed, (d) => d.facts.failure_code ?? '').entries()].map(([code, t]) => [code, String(t.total)]);
    expect(shown.sort()).toEqual(codes.sort());
    for (const doc of failed) await why.getByText(String(doc.item['failure_message'])).first().waitFor();

    const byDay = tallyBy(email, (d) => clock.day(at(d)));
    const days = new Map([...(await overTime())].map(([start, t]) => [clock.day(Date.parse(start)), t]));
    expect(days).toEqual(byDay);
  }

  /** Points at the chart until its caption names bucket `index` and stacked part `series`, then clicks there. */
  async function clickBar(index: number, buckets: number, series: string): Promise<void> {
    const canvas = dashboard().locator('canvas').first();
    const caption = dashboard().locator('.caption').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart is not drawn');
    let x = box.x + box.width / 2;
    for (let step = 0; step < 40; step += 1) {
      await page.mouse.move(x, box.y + box.height / 2);
      const under = Number(await caption.getAttribute('data-bucket'));
      if (under === index) break;
      x += ((index - under) * box.width) / (buckets * 1.2);
    }
    for (let y = box.y + box.height - 2; y > box.y; y -= 3) {
      await page.mouse.move(x, y);
      if ((await caption.getAttribute('data-series')) === series && Number(await caption.getAttribute('data-bucket')) === index) {
        await page.mouse.click(x, y);
        return;
      }
    }
    throw new Error(`no ${series} bar found for bucket ${index}`);
  }

  async function clickThroughAndExport(): Promise<void> {
    const email = lastMonth().filter((d) => d.item.channel === 'Email' && d.facts.result === 'SUCCESS');
    const byDay = tallyBy(email, (d) => clock.day(at(d)));
    const [day] = [...byDay].sort((a, b) => b[1].total - a[1].total)[0] ?? [];
    const starts = await dashboard()
      .getByRole('table', { name: 'Over time' })
      .locator('tbody time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    const index = starts.findIndex((s) => clock.day(Date.parse(s)) === day);
    await clickBar(index, starts.length, 'SUCCESS');
    const expected = email.filter((d) => clock.day(at(d)) === day);
    await page.getByText(new RegExp(`^${expected.length} publications in the offline cache`)).waitFor();
    await page.getByText('Listing from the offline cache:').waitFor();
    const list = page.getByRole('table', { name: 'Publications', exact: true });
    const channels = await list.locator('tbody tr td:nth-child(6)').allInnerTexts();
    expect(channels.length).toBe(Math.min(20, expected.length));
    expect(new Set(channels)).toEqual(new Set(['Email']));
    expect(new Set(await list.locator('tbody tr td:nth-child(5)').allInnerTexts())).toEqual(new Set(['SUCCESS']));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const rows = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r['id']).sort()).toEqual(expected.map((d) => d.item.id).sort());
    expect(rows.every((r) => r['channel'] === 'Email' && r['result'] === 'SUCCESS')).toBe(true);
    await page.getByText(`Exported ${expected.length} publications from the offline cache`).waitFor();
  }

  it('pulls the history, reads the numbers the sandbox holds, clicks a bar through to the list and exports it', async () => {
    await nav('Publications').click();
    await dashboard().getByText('holds no publications for this project yet').waitFor();
    sandbox.setFaults({ latencyMs: 150 });
    await dashboard().getByRole('button', { name: "Pull what's new" }).click();
    await dashboard().getByRole('progressbar', { name: 'Pull progress' }).waitFor();
    await dashboard()
      .getByText(new RegExp(`^Pull done: ${docs.length} new of ${docs.length} read`))
      .waitFor({ timeout: 60_000 });
    sandbox.setFaults({});
    await readTheHistory();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `view-publication-history-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await clickThroughAndExport();
  });

  it('does it all again with the service gone', async () => {
    await sandbox.close();
    sandboxOpen = false;
    await page.reload();
    await nav('Publications').click();
    await readTheHistory();
    await clickThroughAndExport();
    await dashboard().getByRole('button', { name: "Pull what's new" }).click();
    await dashboard().getByText('Pulling from the service failed; the offline cache keeps what it had.').waitFor();
    expect(await numberIn(/^Publications/)).toBeGreaterThan(0);
  });
});
