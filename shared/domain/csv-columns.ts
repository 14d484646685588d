import type { Problem } from './voucher';

// The headers the CSV import understands (spec 4.5). "Custom Metadata Property Name" in the spec
// is a placeholder for any other column, so it is not listed: every other column becomes metadata.
export const CSV_FIELDS = [
  'code',
  'voucher_type',
  'value',
  'discount_type',
  'category',
  'start_date',
  'expiration_date',
  'redemption_limit',
  'redeemed_quantity',
  'redeemed_amount',
  'active',
  'additional_info',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** The spelling used when writing a file. */
export const CSV_HEADERS: Readonly<Record<CsvField, string>> = {
  code: 'Code',
  voucher_type: 'Voucher Type',
  value: 'Value',
  discount_type: 'Discount Type',
  category: 'Category',
  start_date: 'Start Date',
  expiration_date: 'Expiration Date',
  redemption_limit: 'Redemption Limit',
  redeemed_quantity: 'Redeemed Quantity',
  redeemed_amount: 'Redeemed Amount',
  active: 'Active',
  additional_info: 'Additional Info',
};

const TARGETS: Readonly<Record<CsvField, string>> = {
  code: 'code',
  voucher_type: 'type',
  value: 'gift.amount for a GIFT_VOUCHER; amount_off, percent_off, fixed_amount or unit_off by Discount Type',
  discount_type: 'discount.type',
  category: 'category',
  start_date: 'start_date',
  expiration_date: 'expiration_date',
  redemption_limit: 'redemption.quantity (empty means unlimited)',
  redeemed_quantity: 'redemption.redeemed_quantity',
  redeemed_amount: 'redemption.redeemed_amount',
  active: 'active',
  additional_info: 'additional_info',
};

/** Header text compared without case and without any white space: " voucher  TYPE" is Voucher Type. */
export function normalizeHeader(header: string): string {
  return header.replace(/\s+/g, '').toLowerCase();
}

const FIELD_BY_NORMALIZED: ReadonlyMap<string, CsvField> = new Map(CSV_FIELDS.map((field) => [normalizeHeader(CSV_HEADERS[field]), field]));

/** The standard field a header names, if any. */
export function standardField(header: string): CsvField | undefined {
  return FIELD_BY_NORMALIZED.get(normalizeHeader(header));
}

export interface ColumnMapping {
  index: number;
  header: string;
  /** A standard field, `metadata` for any other column, `ignored` for a column that cannot be used. */
  target: CsvField | 'metadata' | 'ignored';
  /** The metadata property name, for metadata columns. */
  metadataKey?: string;
  /** What the column fills in, in words a preview can show. */
  description: string;
}

export interface CsvLayout {
  columns: ColumnMapping[];
  /** Column index of each standard field present. */
  fieldIndex: Partial<Record<CsvField, number>>;
  metadata: { index: number; key: string }[];
  /** Problems of the header row itself (row 0). */
  problems: Problem[];
}

function headerProblem(header: string, allowed: string, message: string, severity: Problem['severity']): Problem {
  return { row: 0, code: '', field: header, value: header, allowed, message, severity };
}

/** How each header of a file maps to draft fields. */
export function mapHeaders(headers: readonly string[]): CsvLayout {
  const layout: CsvLayout = { columns: [], fieldIndex: {}, metadata: [], problems: [] };
  const metadataKeys = new Set<string>();
  headers.forEach((header, index) => {
    const field = standardField(header);
    const key = header.trim();
    let column: ColumnMapping;
    if (field !== undefined && layout.fieldIndex[field] === undefined) {
      layout.fieldIndex[field] = index;
      column = { index, header, target: field, description: `${CSV_HEADERS[field]} -> ${TARGETS[field]}` };
    } else if (field !== undefined) {
      const message = `column ${index + 1} "${header}" repeats the ${CSV_HEADERS[field]} column; only the first one is read`;
      layout.problems.push(headerProblem(header, 'each standard header once', message, 'error'));
      column = { index, header, target: 'ignored', description: `ignored: second ${CSV_HEADERS[field]} column` };
    } else if (key === '') {
      const message = `column ${index + 1} has no header, so its values have no metadata name and are skipped`;
      layout.problems.push(headerProblem(header, 'a header naming the column', message, 'warning'));
      column = { index, header, target: 'ignored', description: 'ignored: no header' };
    } else if (metadataKeys.has(key)) {
      const message = `column ${index + 1} "${header}" repeats a metadata column; only the first one is read`;
      layout.problems.push(headerProblem(header, 'each metadata header once', message, 'error'));
      column = { index, header, target: 'ignored', description: `ignored: second metadata column "${key}"` };
    } else {
      metadataKeys.add(key);
      layout.metadata.push({ index, key });
      column = { index, header, target: 'metadata', metadataKey: key, description: `metadata.${key} (not a standard header)` };
    }
    layout.columns.push(column);
  });
  for (const required of ['code', 'voucher_type'] as const) {
    if (layout.fieldIndex[required] === undefined) {
      const name = CSV_HEADERS[required];
      layout.problems.push(headerProblem(name, `a ${name} column`, `the file has no ${name} column, so no row can be imported`, 'error'));
    }
  }
  return layout;
}
