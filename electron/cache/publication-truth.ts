import type { PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { SqlValue } from '../store/statements';

/**
 * Whether a cached publication answers a selection, as one SQL expression over the `publications`
 * table: 1 (it does), 0 (it does not) or NULL (the cache cannot decide, because the selection reads
 * a fact its list item did not show). SQL's AND and OR treat NULL as the service's "unknown" does.
 * Callers add `target = ?` themselves.
 */
export interface PublicationTruth {
  sql: string;
  params: SqlValue[];
}

function known(column: string, test: string): string {
  return `(CASE WHEN instr(unknown, ',${column},') > 0 THEN NULL ELSE (${test}) END)`;
}

export function publicationTruth(selection: PublicationSelection, narrowing: HistoryNarrowing = {}): PublicationTruth {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const exact: [string, string | undefined][] = [
    ['customer_id', selection.customer],
    ['result', selection.result],
    ['source_id', selection.source_id],
    ['campaign_name', selection.campaign],
  ];
  for (const [column, value] of exact) {
    if (value === undefined) continue;
    clauses.push(known(column, `${column} = ?`));
    params.push(value);
  }
  if (selection.voucher !== undefined || selection.voucher_type !== undefined || selection.is_referral_code !== undefined || selection.filters !== undefined) {
    throw new Error('voucher, voucher_type, is_referral_code and filters are not translated to SQL yet');
  }
  if (narrowing.from !== undefined) {
    clauses.push('created_at >= ?');
    params.push(new Date(narrowing.from).toISOString());
  }
  if (narrowing.to !== undefined) {
    clauses.push('created_at < ?');
    params.push(new Date(narrowing.to).toISOString());
  }
  if (narrowing.channel !== undefined) {
    clauses.push('channel = ?');
    params.push(narrowing.channel);
  }
  return { sql: clauses.length === 0 ? '1' : clauses.join(' AND '), params };
}
