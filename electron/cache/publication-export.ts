import { DEFAULT_PUBLICATION_ORDER, publicationComparator } from '../../shared/domain/publication-order';
import { publicationsCsv, type PublicationCsvRow } from '../../shared/domain/publication-csv';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import { checkTimeZone, localDate, offsetPeriods } from '../../shared/domain/time-zones';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader, SqlValue } from '../store/statements';
import { publicationTruth } from './publication-truth';

export interface PublicationExportQuery {
  selection: PublicationSelection;
  narrowing?: HistoryNarrowing;
  timeZone: string;
}

export interface PublicationExport {
  filename: string;
  csv: string;
  rows: number;
}

interface ExportRow extends Record<string, SqlValue> {
  id: string;
  created_at: string | null;
  result: string | null;
  channel: string | null;
  customer_id: string | null;
  voucher_code: string | null;
  tracking_id: string | null;
  campaign: string | null;
  codes: string;
  failure_code: string | null;
  failure_message: string | null;
  source_id: string | null;
  referral: number | null;
}

const known = (column: string): string => `CASE WHEN instr(unknown, ',${column},') > 0 THEN NULL ELSE ${column} END`;

/**
 * The cached publications a selection and narrowing answer, as CSV in the selection's order (the
 * service's default, newest first, when it names none). Undecided publications are left out.
 */
export function exportCachedPublications(db: Reader, target: string, query: PublicationExportQuery, now = Date.now()): PublicationExport {
  checkTimeZone(query.timeZone);
  const truth = publicationTruth(query.selection, query.narrowing ?? {});
  const rows = db.all<ExportRow>(
    `SELECT id, created_at, result, channel, customer_id, voucher_code, tracking_id, ${known('campaign_name')} AS campaign, codes, failure_code,
      CASE WHEN result = 'FAILURE' THEN json_extract(json, '$.failure_message') END AS failure_message, ${known('source_id')} AS source_id,
      ${known('is_referral_code')} AS referral
    FROM publications WHERE target = ? AND (${truth.sql}) = 1`,
    [target, ...truth.params],
  );
  rows.sort(
    publicationComparator<ExportRow>(
      query.selection.order ?? DEFAULT_PUBLICATION_ORDER,
      (r, key) => r[key],
      (r) => r.id,
    ),
  );
  let [first, last] = [now, now];
  for (const r of rows) {
    const at = r.created_at === null ? NaN : Date.parse(r.created_at);
    if (at < first) first = at;
    if (at > last) last = at;
  }
  const periods = offsetPeriods(query.timeZone, first, last);
  const csvRows = rows.map((r): PublicationCsvRow => ({
    ...r,
    codes: JSON.parse(r.codes) as string[],
    is_referral_code: r.referral === null ? null : r.referral === 1,
  }));
  return { filename: `publications-${localDate(now, periods)}.csv`, csv: publicationsCsv(csvRows, periods), rows: rows.length };
}
