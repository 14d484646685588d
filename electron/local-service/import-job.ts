import { categoryCache } from './categories';
import type { ImportedFields, ItemOutcome } from './import-item';
import type { JobWork } from './jobs';
import { newId } from './http';
import { isoNow, type SandboxState } from './state';
import type { VoucherRecord } from './voucher-record';

export interface ImportRow {
  /** CSV row number (header not counted); absent for the JSON import. */
  row?: number;
  outcome: ItemOutcome;
}

/** The rows of an import, read one at a time inside the job so accepting the request stays quick. */
export interface ImportSource {
  count: number;
  rowAt(index: number): ImportRow;
}

export interface Failure {
  code: string;
  reason: string;
  row?: number;
}

function newRecord(f: ImportedFields, now: string, category: { id: string; name: string } | null): VoucherRecord {
  // Spelled out rather than spread: this runs 100,000 times per large import and a fixed shape is much faster.
  return {
    id: newId('v_'),
    code: f.code,
    campaign: null,
    campaign_id: null,
    category: category?.name ?? null,
    category_id: category?.id ?? null,
    type: f.type,
    discount: f.discount,
    gift: f.gift,
    loyalty_card: null,
    start_date: f.start_date,
    expiration_date: f.expiration_date,
    validity_timeframe: f.validity_timeframe,
    validity_day_of_week: f.validity_day_of_week,
    active: f.active,
    additional_info: f.additional_info,
    metadata: f.metadata,
    is_referral_code: null,
    redemption_quantity: f.redemption_quantity,
    redeemed_quantity: f.redeemed_quantity,
    redeemed_amount: f.redeemed_amount,
    holder_id: null,
    created_at: now,
    updated_at: null,
  };
}

/**
 * Imports rows portion by portion, each portion in one transaction. A code that exists fails alone,
 * unless `updateExisting` (the CSV import), which updates it instead.
 */
export function importWork(state: SandboxState, source: ImportSource, updateExisting: boolean): JobWork {
  const failed: Failure[] = [];
  const seen = new Set<string>();
  const category = categoryCache(state);
  let next = 0;
  let doneCount = 0;
  let updated = 0;

  const fail = (item: ImportRow, code: string, reason: string): void => {
    failed.push(item.row === undefined ? { code, reason } : { code, reason, row: item.row });
  };

  const importOne = (item: ImportRow, now: string): void => {
    const { outcome } = item;
    if (!('fields' in outcome)) return fail(item, outcome.code, outcome.reason);
    const { fields } = outcome;
    if (seen.has(fields.code)) return fail(item, fields.code, `Code ${fields.code} appears more than once in this import.`);
    seen.add(fields.code);
    const record = newRecord(fields, now, category(fields.category));
    if (state.vouchers.insert(record)) {
      doneCount += 1;
      return;
    }
    const existing = updateExisting ? state.vouchers.get(fields.code) : undefined;
    if (!existing) return fail(item, fields.code, `Voucher with code ${fields.code} already exists in the project.`);
    state.vouchers.update({
      ...existing,
      ...record,
      id: existing.id,
      created_at: existing.created_at,
      updated_at: now,
      campaign: existing.campaign,
      campaign_id: existing.campaign_id,
      is_referral_code: existing.is_referral_code,
    });
    doneCount += 1;
    updated += 1;
  };

  return {
    total: source.count,
    step(n) {
      const end = Math.min(source.count, next + n);
      const now = isoNow(state);
      state.vouchers.transaction(() => {
        for (let i = next; i < end; i += 1) importOne(source.rowAt(i), now);
      });
      const handled = end - next;
      next = end;
      return handled;
    },
    finish() {
      const updatedText = updateExisting ? ` (${updated} updated)` : '';
      return {
        result: {
          message: `${doneCount} voucher(s) imported${updatedText}, ${failed.length} failed.`,
          done_count: doneCount,
          failed_count: failed.length,
          failed,
        },
        failed: false,
        allItemsFailed: doneCount === 0 && failed.length > 0,
      };
    },
  };
}
