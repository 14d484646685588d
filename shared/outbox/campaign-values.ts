import type { VoucherDraft } from '../domain/voucher';

// Adding a code to a campaign (spec 4.6) takes category, metadata, redemption, additional info, dates
// and active; the voucher's type, discount, gift and validity come from the campaign. A batch that
// carries them would lose them without a word, so queueing names them and asks first.

/** Values the add-to-campaign endpoint takes none of (spec 4.6): the campaign's own apply instead. */
const DROPPED_FIELDS = ['type', 'discount', 'gift', 'validity_timeframe', 'validity_day_of_week'] as const;

export interface DroppedValue {
  field: (typeof DROPPED_FIELDS)[number];
  /** The value of the first row that carries it, for the message. */
  example: unknown;
  rows: number;
}

/** The fields of `drafts` that adding them to a campaign would drop, with an example value and a row count. */
export function droppedValues(drafts: Iterable<VoucherDraft>): DroppedValue[] {
  const found = new Map<DroppedValue['field'], DroppedValue>();
  for (const draft of drafts) {
    for (const field of DROPPED_FIELDS) {
      if (draft[field] === undefined) continue;
      const seen = found.get(field);
      if (seen) seen.rows += 1;
      else found.set(field, { field, example: draft[field], rows: 1 });
    }
  }
  return DROPPED_FIELDS.flatMap((field) => found.get(field) ?? []);
}

export function droppedValuesText(dropped: readonly DroppedValue[]): string {
  return dropped.map((d) => `${d.field} (e.g. ${JSON.stringify(d.example)}, ${d.rows} row(s))`).join(', ');
}

/** The rows of `drafts` that carry a category (spec 4.6 takes category or category_id, never both). */
export function categoryRows(drafts: Iterable<VoucherDraft>): { rows: number; example: string } | undefined {
  let found: { rows: number; example: string } | undefined;
  for (const draft of drafts) {
    if (draft.category === undefined) continue;
    if (found) found.rows += 1;
    else found = { rows: 1, example: draft.category };
  }
  return found;
}

/** Why a category id cannot go with a batch whose rows name a category, in words for either front end. */
export function categoryClashText(batch: string, categoryId: string, clash: { rows: number; example: string }): string {
  return (
    `category and category_id: batch ${batch} gives a category on ${clash.rows} row(s) (e.g. "${clash.example}") and the category id "${categoryId}" was given too; ` +
    'the service takes one of them, not both. Leave out the category id, or clear the category of the batch'
  );
}
