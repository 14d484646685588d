import { csvLine } from '../domain/csv-writer';
import { holds, type FieldValue, type FilterField } from '../domain/publication-filter';
import type { ExportCondition, ExportSelection, PublicationExportField } from './export-parameters';

// Which publications an export selects and how a row reads: shared by the sandbox, which writes the
// file, and the client, which reads it back; so both agree on the selection and the columns.

/** What an export reads of one publication. */
export interface ExportRecord {
  createdAt: string;
  customerId: string;
  customerSourceId: string | null;
  channel: string;
  campaign: string | null;
  /** Every code the publication gave; the first is its `voucher_code`. */
  codes: readonly string[];
  metadata: Readonly<Record<string, unknown>>;
  /** The list filters' values (spec 4.1), as the publications list reads them. */
  field(name: FilterField): FieldValue;
}

/**
 * The CSV header of each field. The service documents the field names but not its publication
 * headers; its voucher example ("ID,Code,Voucher Type,Value") titles each word, so these do the
 * same. `metadata` becomes one column a key, headed `metadata.<key>` as the docs write the key.
 */
export const EXPORT_FIELD_HEADERS: Readonly<Record<Exclude<PublicationExportField, 'metadata'>, string>> = {
  voucher_code: 'Voucher Code',
  customer_id: 'Customer ID',
  customer_source_id: 'Customer Source ID',
  date: 'Date',
  channel: 'Channel',
  campaign: 'Campaign',
  is_winner: 'Is Winner',
};

function metadataValue(value: unknown): FieldValue {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' || typeof value === 'boolean' ? value : JSON.stringify(value);
}

function conditionHolds(c: ExportCondition, r: ExportRecord): boolean {
  switch (c.kind) {
    case 'created_at': {
      const at = Date.parse(r.createdAt);
      return c.op === '$after' ? at > c.ms : at < c.ms;
    }
    case 'campaign':
      return r.campaign === c.value;
    case 'customer':
      return r.customerId === c.value;
    case 'voucher':
      return r.codes.includes(c.value);
    case 'field':
      return holds({ field: c.field, op: c.op, values: c.values }, r.field(c.field));
    case 'metadata':
      // The condition's field name is only a label here: `holds` reads the operator and values.
      return holds({ field: 'source_id', op: c.op, values: c.values }, metadataValue(r.metadata[c.key]));
  }
}

/** Whether the export selects the publication: all conditions (`and`) or any (`or`); none selects all. */
export function exportAdmits(selection: Pick<ExportSelection, 'junction' | 'conditions'>, record: ExportRecord): boolean {
  const { conditions, junction } = selection;
  if (conditions.length === 0) return true;
  return junction === 'and' ? conditions.every((c) => conditionHolds(c, record)) : conditions.some((c) => conditionHolds(c, record));
}

/** The metadata keys the `metadata` field spreads into, sorted, over every exported record. */
export function metadataKeysOf(records: Iterable<ExportRecord>): string[] {
  const keys = new Set<string>();
  for (const r of records) for (const key of Object.keys(r.metadata)) keys.add(key);
  return [...keys].sort();
}

/** The header line's cells. */
export function exportHeader(fields: readonly PublicationExportField[], metadataKeys: readonly string[]): string[] {
  return fields.flatMap((f) => (f === 'metadata' ? metadataKeys.map((k) => `metadata.${k}`) : [EXPORT_FIELD_HEADERS[f]]));
}

function cellOf(field: Exclude<PublicationExportField, 'metadata'>, r: ExportRecord): string {
  switch (field) {
    case 'voucher_code':
      return r.codes[0] ?? '';
    case 'customer_id':
      return r.customerId;
    case 'customer_source_id':
      return r.customerSourceId ?? '';
    case 'date':
      return r.createdAt;
    case 'channel':
      return r.channel;
    case 'campaign':
      return r.campaign ?? '';
    case 'is_winner':
      // Undocumented; the sandbox's publications have no draw, so it stays empty.
      return '';
  }
}

/** One data line, without its line break. */
export function exportLine(fields: readonly PublicationExportField[], metadataKeys: readonly string[], r: ExportRecord): string {
  const cells = fields.flatMap((f) => (f === 'metadata' ? metadataKeys.map((k) => String(metadataValue(r.metadata[k]) ?? '')) : [cellOf(f, r)]));
  return csvLine(cells);
}
