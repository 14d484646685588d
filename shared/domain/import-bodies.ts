import { CSV_NEWLINE, checkMetadataColumns, csvDraftLine, csvHeaderLine } from './csv-writer';
import type { VoucherDraft } from './voucher';

/** Which import a body is for; a CSV body has one fixed set of metadata columns. */
export type ImportFormat = { format: 'json' } | { format: 'csv'; metadataKeys: readonly string[] };

/**
 * A request body is `head`, the pieces of its drafts joined by `separator`, then `tail`. Planner and
 * serializer share this, so the planned size is the size of the body actually sent.
 */
export interface BodyLayout {
  head: string;
  separator: string;
  tail: string;
  piece(draft: VoucherDraft): string;
}

/** The draft as the JSON import takes it: the CSV-only redemption counters are left out. */
export function toImportJson(draft: VoucherDraft): VoucherDraft {
  const redemption = draft.redemption;
  if (redemption === undefined || (redemption.redeemed_quantity === undefined && redemption.redeemed_amount === undefined)) {
    return draft;
  }
  return { ...draft, redemption: { quantity: redemption.quantity } };
}

export function bodyLayout(format: ImportFormat): BodyLayout {
  if (format.format === 'json') {
    return { head: '[', separator: ',', tail: ']', piece: (draft) => JSON.stringify(toImportJson(draft)) };
  }
  const keys = format.metadataKeys;
  checkMetadataColumns(keys);
  const columns = new Set(keys);
  return {
    head: csvHeaderLine(keys) + CSV_NEWLINE,
    separator: '',
    tail: '',
    piece: (draft) => csvDraftLine(draft, keys, columns) + CSV_NEWLINE,
  };
}

/** The body of one import request: a JSON array for /vouchers/import, a CSV file for /vouchers/importCSV. */
export function importBody(drafts: Iterable<VoucherDraft>, format: ImportFormat): string {
  const layout = bodyLayout(format);
  const pieces: string[] = [];
  for (const draft of drafts) pieces.push(layout.piece(draft));
  return layout.head + pieces.join(layout.separator) + layout.tail;
}
