import { standardField } from './csv-columns';
import { fieldsCsvCannotCarry } from './csv-row';
import type { VoucherDraft } from './voucher';

// A batch queued with `queue import` is sent as CSV files when every row reads back from the CSV
// import exactly as the JSON import would take it: CSV bodies are about a third of the size, so a
// million codes take 10 requests instead of about 30. Any row that would come out differently keeps
// the whole operation on JSON bodies.

/** A number as the CSV import reads it back (anything else stays text). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function textProblem(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // The CSV import reads an empty cell as absent and trims every cell; the JSON import keeps both.
  if (value === '') return `${field} is empty (a CSV cell would leave it unset)`;
  if (value !== value.trim()) return `${field} has surrounding spaces (a CSV cell is trimmed)`;
  return undefined;
}

function numberProblem(field: string, value: number | null | undefined): string | undefined {
  if (typeof value !== 'number') return undefined;
  return PLAIN_NUMBER.test(String(value)) ? undefined : `${field} ${value} is not written as a plain decimal number`;
}

/**
 * Why this draft would come out of a CSV import differently from a JSON import of it, or undefined
 * when both give the same voucher.
 */
export function csvPackingObstacle(draft: VoucherDraft): string | undefined {
  const lost = fieldsCsvCannotCarry(draft);
  if (lost.length > 0) return `the CSV import cannot carry ${lost.join(', ')}`;
  const redemption = draft.redemption;
  // The JSON import skips what was already redeemed; the CSV import would set it.
  if (redemption?.redeemed_quantity !== undefined || redemption?.redeemed_amount !== undefined)
    return 'redemption carries redeemed counters (only the CSV import takes them)';
  // An empty limit cell means "absent"; JSON's explicit null reads the same (unlimited) on the service.
  const discount = draft.discount as Record<string, unknown> | undefined;
  const numbers: [string, number | null | undefined][] = [
    ['redemption.quantity', redemption?.quantity],
    ['gift.amount', draft.gift?.amount],
    ...(['amount_off', 'percent_off', 'fixed_amount'] as const).map((k): [string, number | undefined] => [
      `discount.${k}`,
      discount?.[k] as number | undefined,
    ]),
  ];
  for (const [field, value] of numbers) {
    const problem = numberProblem(field, value);
    if (problem) return problem;
  }
  const texts: [string, string | undefined][] = [
    ['code', draft.code],
    ['category', draft.category],
    ['start_date', draft.start_date],
    ['expiration_date', draft.expiration_date],
    ['additional_info', draft.additional_info],
  ];
  for (const [key, value] of Object.entries(draft.metadata ?? {})) {
    if (key.trim() === '' || key !== key.trim() || standardField(key) !== undefined) return `metadata key ${JSON.stringify(key)} cannot be a CSV column`;
    texts.push([`metadata.${key}`, value as string | undefined]);
  }
  for (const [field, value] of texts) {
    const problem = textProblem(field, value);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * One pass over a batch: the metadata columns its CSV files need, and the first row that needs JSON
 * bodies with why (undefined when every row fits CSV).
 */
export function csvPacking(drafts: Iterable<VoucherDraft>): { metadataKeys: string[]; jsonBecause: { code: string; reason: string } | undefined } {
  const keys = new Set<string>();
  let jsonBecause: { code: string; reason: string } | undefined;
  for (const draft of drafts) {
    for (const key of Object.keys(draft.metadata ?? {})) keys.add(key);
    if (jsonBecause !== undefined) continue;
    const reason = csvPackingObstacle(draft);
    if (reason !== undefined) jsonBecause = { code: draft.code, reason };
  }
  return { metadataKeys: [...keys], jsonBecause };
}
