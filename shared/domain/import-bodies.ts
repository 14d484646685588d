import { CSV_NEWLINE, checkMetadataColumns, csvDraftLine, csvHeaderLine, csvLine } from './csv-writer';
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

/** The start of a JSON piece whose draft has an empty code, which effectiveDraft puts first. */
const EMPTY_CODE_JSON = '{"code":""';

/**
 * The body of rows that share field sets (`draftOf` gives a set's draft with an empty code), the same
 * text as `importBody` of their drafts: a row's piece is its set's piece with the code put in, since
 * the code is its own JSON value and its own CSV cell. A set's piece is made once, not a draft per row:
 * a request of 100,000 rows left about 100 MB of garbage per body.
 */
export function importBodyOfRows(rows: Iterable<{ code: string; set_id: number }>, draftOf: (setId: number) => VoucherDraft, format: ImportFormat): string {
  const layout = bodyLayout(format);
  const json = format.format === 'json';
  const around = new Map<number, [before: string, after: string]>();
  const pieces: string[] = [];
  for (const row of rows) {
    let parts = around.get(row.set_id);
    if (parts === undefined) {
      const piece = layout.piece(draftOf(row.set_id));
      if (json && !piece.startsWith(EMPTY_CODE_JSON)) throw new Error(`The draft of field set ${row.set_id} does not start with its code`);
      parts = json ? ['{"code":', piece.slice(EMPTY_CODE_JSON.length)] : ['', piece];
      around.set(row.set_id, parts);
    }
    pieces.push(parts[0] + (json ? JSON.stringify(row.code) : csvLine([row.code])) + parts[1]);
  }
  return layout.head + pieces.join(layout.separator) + layout.tail;
}
