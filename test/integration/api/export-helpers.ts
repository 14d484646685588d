import Papa from 'papaparse';
import type { PublicationDoc } from '../../../electron/local-service/server';
import { type ExportObject, type Publication, type PublicationsQuery, type VoucherClient } from '../../../shared/api';

/** Gets the export (real time, bounded) until it is DONE or ERROR. */
export async function waitForExport(client: VoucherClient, id: string, deadlineMs = 30_000): Promise<ExportObject> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const exported = await client.getExport(id);
    if (exported.status === 'DONE' || exported.status === 'ERROR') return exported;
    if (Date.now() > until) throw new Error(`export ${id} still ${exported.status} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The CSV as rows of cells, header first. */
export function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`CSV errors: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  return parsed.data;
}

/** Every item the list answers for the query, walking its pages. */
export async function listAll(client: VoucherClient, query: PublicationsQuery = {}): Promise<Publication[]> {
  const out: Publication[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await client.listPublications({ ...query, limit: 100, page });
    out.push(...items);
    if (items.length === 0 || out.length >= total) return out;
  }
}

/** The cells an export writes for a list item, for the fields the test exports (campaign from the sandbox's own record). */
export function expectedRow(item: Publication, docs: ReadonlyMap<string, PublicationDoc>): string[] {
  const customer = item.customer as { source_id?: string } | undefined;
  return [
    item.voucher?.code ?? item.vouchers?.[0] ?? '',
    item.customer_id ?? '',
    customer?.source_id ?? '',
    item.created_at ?? '',
    item.channel ?? '',
    docs.get(item.id)?.facts.campaign_name ?? '',
  ];
}

export const ROW_FIELDS = ['voucher_code', 'customer_id', 'customer_source_id', 'date', 'channel', 'campaign'] as const;
export const ROW_HEADER = ['Voucher Code', 'Customer ID', 'Customer Source ID', 'Date', 'Channel', 'Campaign'];
