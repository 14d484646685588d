import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCachedPublications } from '../../../electron/cache';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { StoreDatabase } from '../../../electron/store/database';
import { extraPublications } from './history';
import { pulledCache } from './pulled';

// Texts from the service that a spreadsheet would run as formulas (OWASP "CSV injection"), put in
// every field a publication carries, pulled over HTTP from the sandbox and exported as a report.
const STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const STARTS_FORMULA = /^[=+\-@\t\r]/;

/** The doc with every text of the service beginning with `start`, in the item and in the facts its filters read. */
function hostile(doc: PublicationDoc, start: string): PublicationDoc {
  const n = doc.item.id.slice(-2);
  const item: PublicationDoc['item'] = { ...doc.item };
  const customer = `${start}cust${n}`;
  const code = `${start}CODE${n}`;
  const campaign = `${start}HYPERLINK("http://evil.example/${n}","Summer")`;
  Object.assign(item, {
    customer_id: customer,
    customer: { id: customer, object: 'customer', name: `${start}SUM(1+1)*cmd|' /C calc'!A0`, source_id: `${start}crm-${n}` },
    source_id: `${start}src-${n}`,
    tracking_id: `${start}track-${n}`,
    channel: `${start}Email`,
    metadata: { note: `${start}1+1` },
  });
  if (doc.facts.result === 'FAILURE') Object.assign(item, { failure_code: `${start}quota`, failure_message: `${start}cmd|' /C calc'!A0 ${n}` });
  if (item.voucher && typeof item.voucher === 'object') item.voucher = { ...item.voucher, code, campaign };
  if (Array.isArray(item.vouchers)) item.vouchers = [code, `${code}-B`];
  const codes = doc.facts.codes.length === 0 ? [] : Array.isArray(item.vouchers) ? [code, `${code}-B`] : [code];
  return {
    item,
    facts: {
      ...doc.facts,
      customer_id: customer,
      source_id: `${start}src-${n}`,
      tracking_id: `${start}track-${n}`,
      failure_code: doc.facts.result === 'FAILURE' ? `${start}quota` : null,
      campaign_name: campaign,
      voucher_code: codes[0] ?? null,
      codes,
    },
  };
}

let db: StoreDatabase;
let target: string;
let docs: PublicationDoc[];

beforeAll(async () => {
  // Failures are every 7th from the 5th, so across 42 each start meets a failure, a single and a multi.
  docs = extraPublications(42, 0, Date.UTC(2026, 4, 2)).map((doc, i) => hostile(doc, STARTS[i % STARTS.length] ?? '='));
  ({ db, target } = await pulledCache(docs));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('the publications export of texts that would run as spreadsheet formulas', () => {
  it('writes each behind a quote, so no cell of the report starts a formula', () => {
    const exported = exportCachedPublications(db, target, { selection: {}, timeZone: 'Europe/Warsaw' });
    const rows = Papa.parse<Record<string, string>>(exported.csv, { header: true, skipEmptyLines: true }).data;
    // The sandbox's own seeded publications are exported too; every cell of every row is checked.
    expect(rows.length).toBeGreaterThanOrEqual(docs.length);
    for (const row of rows) for (const cell of Object.values(row)) expect(STARTS_FORMULA.test(cell), JSON.stringify(cell)).toBe(false);

    const byId = new Map(rows.map((r) => [r['id'], r]));
    const quoted = (text: unknown): string => `'${String(text)}`;
    for (const { item, facts } of docs) {
      const row = byId.get(item.id);
      expect(row, item.id).toBeDefined();
      expect(row?.['source_id']).toBe(quoted(facts.source_id));
      expect(row?.['customer_id']).toBe(quoted(facts.customer_id));
      expect(row?.['tracking_id']).toBe(quoted(facts.tracking_id));
      expect(row?.['channel']).toBe(quoted(item.channel));
      if (facts.result === 'FAILURE') {
        expect(row?.['failure_code']).toBe(quoted(facts.failure_code));
        expect(row?.['failure_message']).toBe(quoted(item['failure_message']));
      } else {
        expect(row?.['codes']).toBe(quoted(facts.codes.join(' ')));
      }
      if (item.voucher) expect(row?.['campaign']).toBe(quoted(facts.campaign_name));
    }
  });
});
