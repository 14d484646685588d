import { CSV_FIELDS, CSV_HEADERS, standardField } from './csv-columns';
import { draftToCells } from './csv-row';
import type { VoucherDraft } from './voucher';

export const CSV_NEWLINE = '\r\n';

// Quoting follows Papa.unparse exactly (a test holds them equal): quote a cell holding a comma,
// quote, CR, LF or byte order mark, or starting or ending with a space. Done by hand because
// unparse costs several microseconds a row, which adds seconds when planning a million rows.
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

function csvCell(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV line, without its line break. */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(cells[i] ?? '');
  }
  return line;
}

/** Throws when a metadata key cannot be a column of its own (it would read back as a standard field). */
export function checkMetadataColumns(metadataKeys: readonly string[]): void {
  const seen = new Set<string>();
  for (const key of metadataKeys) {
    if (key.trim() === '' || key !== key.trim()) {
      throw new Error(`metadata key ${JSON.stringify(key)} cannot be a CSV column: a header must be non-empty without surrounding spaces`);
    }
    const field = standardField(key);
    if (field !== undefined) {
      throw new Error(`metadata key ${JSON.stringify(key)} cannot be a CSV column: it would be read as the standard ${CSV_HEADERS[field]} column`);
    }
    if (seen.has(key)) throw new Error(`metadata key ${JSON.stringify(key)} is listed twice`);
    seen.add(key);
  }
}

export function csvHeaderLine(metadataKeys: readonly string[]): string {
  return csvLine([...CSV_FIELDS.map((field) => CSV_HEADERS[field]), ...metadataKeys]);
}

/** The CSV line of one draft; throws when the draft has metadata outside the file's columns. */
export function csvDraftLine(draft: VoucherDraft, metadataKeys: readonly string[], columns: ReadonlySet<string>): string {
  if (draft.metadata) {
    for (const key of Object.keys(draft.metadata)) {
      if (!columns.has(key) && draft.metadata[key] !== undefined) {
        throw new Error(`code ${JSON.stringify(draft.code)} has metadata "${key}", which is not one of the file's metadata columns`);
      }
    }
  }
  return csvLine(draftToCells(draft, metadataKeys));
}

/** Every metadata key used by the drafts, in order of first use: the metadata columns of an export. */
export function collectMetadataKeys(drafts: Iterable<VoucherDraft>): string[] {
  const keys = new Set<string>();
  for (const draft of drafts) for (const key of Object.keys(draft.metadata ?? {})) keys.add(key);
  return [...keys];
}

/**
 * The service's CSV import file for `drafts`, piece by piece (header line first, each piece ending
 * with CRLF) so a large export can be written out without building one string.
 */
export function* csvPieces(drafts: Iterable<VoucherDraft>, metadataKeys: readonly string[]): Generator<string> {
  checkMetadataColumns(metadataKeys);
  const columns = new Set(metadataKeys);
  yield csvHeaderLine(metadataKeys) + CSV_NEWLINE;
  for (const draft of drafts) yield csvDraftLine(draft, metadataKeys, columns) + CSV_NEWLINE;
}

/** The whole CSV import file for `drafts`; metadata columns default to every key the drafts use. */
export function draftsToCsv(drafts: readonly VoucherDraft[], metadataKeys: readonly string[] = collectMetadataKeys(drafts)): string {
  let out = '';
  for (const piece of csvPieces(drafts, metadataKeys)) out += piece;
  return out;
}
