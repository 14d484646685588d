import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLICATION_ORDERS,
  ServiceError,
  type Publication,
  type PublicationExportFilters,
  type PublicationsQuery,
  type VoucherClient,
} from '../../../shared/api';
import type { PublicationDoc } from '../../../electron/local-service/server';
import { ROW_FIELDS, ROW_HEADER, csvRows, expectedRow, listAll, waitForExport } from './export-helpers';
import { startHarness, type Harness } from './sandbox-harness';

const PROJECTS = [
  { name: 'shop', appId: 'app-shop', appToken: 'token-shop' },
  { name: 'outlet', appId: 'app-outlet', appToken: 'token-outlet' },
];

let h: Harness;
let shop: VoucherClient;
let outlet: VoucherClient;
let docs: Map<string, PublicationDoc>;

beforeAll(async () => {
  h = await startHarness({ projects: PROJECTS, seedPublications: 1_200 });
  shop = h.client({ auth: { type: 'keys', appId: 'app-shop', appToken: 'token-shop' } });
  outlet = h.client({ auth: { type: 'keys', appId: 'app-outlet', appToken: 'token-outlet' } });
  docs = new Map(h.sandbox.publicationDocs('shop').map((d) => [d.item.id, d]));
});
afterAll(() => h.sandbox.close());

async function exportRows(client: VoucherClient, parameters: { order?: (typeof PUBLICATION_ORDERS)[number]; filters?: PublicationExportFilters }) {
  const created = await client.createExport({ exported_object: 'publication', parameters: { fields: [...ROW_FIELDS], ...parameters } });
  const done = await waitForExport(client, created.id);
  const rows = csvRows(await client.downloadExport(done));
  expect(rows[0]).toEqual(ROW_HEADER);
  return rows.slice(1);
}

const rowsOf = (items: readonly Publication[]): string[][] => items.map((item) => expectedRow(item, docs));

describe('exports of publications', () => {
  it('creates, reads, lists, downloads and deletes an export, per project', async () => {
    const created = await shop.createExport({ exported_object: 'publication' });
    expect(created).toMatchObject({ object: 'export', status: 'SCHEDULED', exported_object: 'publication', result: null, channel: 'API' });
    expect(created.id).toMatch(/^exp_/);
    expect(created.parameters).toMatchObject({ fields: ['voucher_code', 'customer_id', 'date', 'channel'] });
    const done = await waitForExport(shop, created.id);
    expect(done.status).toBe('DONE');
    const url = new URL(done.result?.url ?? '');
    expect(url.origin).toBe(h.sandbox.downloadUrls.download);
    expect(url.pathname).toBe(`/v1/exports/${created.id}`);

    const rows = csvRows(await shop.downloadExport(done));
    expect(rows[0]).toEqual(['Voucher Code', 'Customer ID', 'Date', 'Channel']);
    const list = await listAll(shop);
    expect(rows.slice(1)).toEqual(list.map((item) => [item.voucher?.code ?? item.vouchers?.[0] ?? '', item.customer_id, item.created_at, item.channel]));

    expect((await shop.listExports()).items.map((e) => e.id)).toContain(created.id);
    // The other project's key sees none of it.
    expect((await outlet.listExports()).items).toEqual([]);
    await expect(outlet.getExport(created.id)).rejects.toMatchObject({ status: 404, key: 'not_found' });
    await expect(outlet.downloadExport(done)).rejects.toMatchObject({ status: 404 });

    await shop.deleteExport(created.id);
    await expect(shop.getExport(created.id)).rejects.toBeInstanceOf(ServiceError);
    await expect(shop.downloadExport(done)).rejects.toMatchObject({ status: 404 });
    // Deleting again is done already.
    await shop.deleteExport(created.id);
  });

  it('writes the rows the list answers, in every order', async () => {
    for (const order of PUBLICATION_ORDERS) {
      expect(await exportRows(shop, { order }), order).toEqual(rowsOf(await listAll(shop, { order })));
    }
  });

  it('selects what the list selects for each filter', async () => {
    const sample = [...docs.values()].find((d) => d.facts.result === 'SUCCESS' && d.facts.source_id !== null) as PublicationDoc;
    const code = sample.facts.codes[0] ?? '';
    const cases: [PublicationExportFilters, PublicationsQuery][] = [
      [{ campaign: { conditions: { $is: 'Welcome Offer' } } }, { campaign: 'Welcome Offer' }],
      [{ customer: { conditions: { $is: sample.facts.customer_id } } }, { customer: sample.facts.customer_id }],
      [{ voucher: { conditions: { $is: code } } }, { voucher: code }],
      [{ failure_code: { conditions: { $has_value: true } } }, { filters: { failure_code: { conditions: { $has_value: true } } } }],
      [{ result: { conditions: { $is: 'FAILURE' } } }, { filters: { result: { conditions: { $is: 'FAILURE' } } } }],
      [
        { customer_id: { conditions: { $in: [sample.facts.customer_id, 'cust_none'] } } },
        { filters: { customer_id: { conditions: { $in: [sample.facts.customer_id, 'cust_none'] } } } },
      ],
      [{ campaign_name: { conditions: { $starts_with: 'Summer' } } }, { filters: { campaign_name: { conditions: { $starts_with: 'Summer' } } } }],
      [{ voucher_type: { conditions: { $is: 'loyalty' } } }, { filters: { voucher_type: { conditions: { $is: 'loyalty' } } } }],
      [{ is_referral_code: { conditions: { $is: 'true' } } }, { filters: { is_referral_code: { conditions: { $is: 'true' } } } }],
      [
        { parent_object_id: { conditions: { $is_not: 'camp_welcomeoffer' } } },
        { filters: { parent_object_id: { conditions: { $is_not: 'camp_welcomeoffer' } } } },
      ],
      [{ related_object_id: { conditions: { $is_unknown: true } } }, { filters: { related_object_id: { conditions: { $is_unknown: true } } } }],
      [
        { source_id: { conditions: { $is: sample.facts.source_id as string } } },
        { filters: { source_id: { conditions: { $is: sample.facts.source_id as string } } } },
      ],
      [
        { junction: 'or', result: { conditions: { $is: 'FAILURE' } }, voucher_type: { conditions: { $is: 'loyalty' } } },
        { filters: { junction: 'or', result: { conditions: { $is: 'FAILURE' } }, voucher_type: { conditions: { $is: 'loyalty' } } } },
      ],
    ];
    for (const [filters, query] of cases) {
      const expected = rowsOf(await listAll(shop, query));
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(await exportRows(shop, { filters }), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('selects a created_at window and a metadata value as the list items show them', async () => {
    const all = await listAll(shop, { order: 'created_at' });
    const [after, before] = [all[100]?.created_at as string, all[400]?.created_at as string];
    const windowRows = await exportRows(shop, { order: 'created_at', filters: { created_at: { conditions: { $after: after, $before: before } } } });
    expect(windowRows).toEqual(rowsOf(all.filter((p) => (p.created_at as string) > after && (p.created_at as string) < before)));
    expect(windowRows.length).toBeGreaterThan(250);

    const email = await exportRows(shop, { order: 'created_at', filters: { 'metadata.source_type': { conditions: { $is: 'distribution' } } } });
    const expected = all.filter((p) => p.metadata?.source_type === 'distribution');
    expect(expected.length).toBeGreaterThan(0);
    expect(email).toEqual(rowsOf(expected));
  });
});
