import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationStats } from '../../shared/ipc/publication-history';
import { eventually, openApp, screenshot, type OpenApp } from './harness';

// The dashboard over a large seeded history: thousands of distinct failure messages (they name
// the customer) must neither stretch the page nor push the failure table into its neighbours.
const SEEDED = 5000;
const WIDTHS = [1024, 1400, 1920] as const;
/** The whole dashboard; before messages were folded it was about 14,000 px at 1400 px wide. */
const MAX_DASHBOARD_HEIGHT = 3000;
const FIRST_MESSAGES = 3;

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** How far the card's content reaches past its own right edge (0 when it fits). */
  spill: number;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x + 0.5 < b.x + b.width && b.x + 0.5 < a.x + a.width && a.y + 0.5 < b.y + b.height && b.y + 0.5 < a.y + a.height;

describe('the publication history dashboard over 5,000 seeded publications', () => {
  let opened: OpenApp;
  let page: Page;
  let stats: PublicationStats;

  beforeAll(async () => {
    opened = await openApp({ sandbox: true, seedPublications: SEEDED }, { width: 1400, height: 900 });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  const dashboard = (): Locator => page.getByRole('region', { name: 'History dashboard' });
  const failureTable = (): Locator => dashboard().getByRole('table', { name: 'Why publications failed' });

  /** Every card of the dashboard, with how far its content spills out on the right. */
  function cards(): Promise<Box[]> {
    return dashboard()
      .locator('.panel')
      .evaluateAll((panels) =>
        panels.map((panel) => {
          const r = panel.getBoundingClientRect();
          // Overflow is drawn over whatever lies beside the card (or scrolls inside it): measure what
          // its children reach, leaving out those a clipping box inside the card hides (a chart's
          // table kept for screen readers).
          const view = panel.ownerDocument.defaultView;
          if (!view) throw new Error('the dashboard is not in a window');
          const clipped = (el: typeof panel): boolean => {
            for (let up: typeof panel | null = el; up && up !== panel; up = up.parentElement) {
              const style = view.getComputedStyle(up);
              if (style.clip !== 'auto' || (up !== el && style.overflowX !== 'visible')) return true;
            }
            return false;
          };
          let right = r.right;
          for (const child of panel.querySelectorAll('*')) if (!clipped(child)) right = Math.max(right, child.getBoundingClientRect().right);
          return { name: panel.querySelector('h4')?.textContent ?? '?', x: r.x, y: r.y, width: r.width, height: r.height, spill: right - r.right };
        }),
      );
  }

  it('pulls the seeded history', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Publications', exact: true }).click();
    await dashboard().getByRole('button', { name: "Pull what's new" }).click();
    await dashboard()
      .getByText(new RegExp(`^Pull done: ${SEEDED.toLocaleString('en-US')} new`))
      .waitFor({ timeout: 120_000 });
    await dashboard().getByRole('button', { name: 'All time' }).click();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    stats = await opened.app.services.handlers['publications.stats']!({ selection: {}, narrowing: {}, by: 'month', timeZone });
    expect(stats.total).toBe(SEEDED);
    // The point of the test: far more messages than fit on a page.
    expect(stats.failures.reduce((n, f) => n + f.messages.length, 0)).toBeGreaterThan(100);
  });

  for (const width of WIDTHS) {
    it(`keeps the cards apart and the page bounded at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await failureTable().waitFor();
      await eventually(async () => (await cards()).length).toBe(5);
      // Charts follow their card's new width one frame after a resize (Chart.js watches the card
      // with a ResizeObserver), so the spills are read until the layout settles; a lasting spill fails.
      const spills = async (): Promise<{ card: string; spill: number }[]> =>
        (await cards()).map((card) => ({ card: card.name, spill: Math.max(0, Math.round(card.spill)) }));
      await eventually(spills).toEqual((await cards()).map((card) => ({ card: card.name, spill: 0 })));
      const boxes = await cards();
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) expect({ a: a.name, b: b.name, overlap: overlaps(a, b) }).toEqual({ a: a.name, b: b.name, overlap: false });
      }
      const height = (await dashboard().boundingBox())?.height ?? Infinity;
      expect(height).toBeLessThan(MAX_DASHBOARD_HEIGHT);
      if (width === 1400) {
        // The view scrolls inside the window, so a whole-page shot needs a window as tall as the dashboard.
        await page.setViewportSize({ width, height: Math.ceil(height) + 200 });
        await screenshot(page, 'view-publication-dashboard-5000-light');
      }
    });
  }

  it('shows the first messages of each code and opens the rest from the keyboard', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const most = [...stats.failures].sort((a, b) => b.messages.length - a.messages.length)[0]!;
    expect(most.messages.length).toBeGreaterThan(FIRST_MESSAGES);
    const row = failureTable()
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: most.code ?? '(no code)', exact: true }) });
    const items = row.getByRole('listitem');
    expect(await items.count()).toBe(FIRST_MESSAGES);
    const shown = await items.allInnerTexts();
    expect(shown.map((t) => t.split(' ×')[0])).toEqual(most.messages.slice(0, FIRST_MESSAGES).map((m) => m.message ?? '(no message)'));
    const more = row.getByRole('button', { name: `Show all ${most.messages.length.toLocaleString('en-US')} messages` });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    await eventually(() => items.count()).toBe(most.messages.length);
    const open = row.getByRole('button', { name: `Show the first ${FIRST_MESSAGES} only` });
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const last = most.messages.at(-1)!;
    await row.getByText(`${last.message ?? '(no message)'} × ${last.count.toLocaleString('en-US')}`).waitFor();
    await open.press('Space');
    await eventually(() => items.count()).toBe(FIRST_MESSAGES);
  });
});
