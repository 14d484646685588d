import { DEFAULT_PUBLICATION_ORDER, publicationComparator } from '../../shared/domain/publication-order';
import { publicationsCsv, type PublicationCsvRow } from '../../shared/domain/publication-csv';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import { checkTimeZone, localDate, offsetPeriods } from '../../shared/domain/time-zones';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
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

type Text = string | null;
type ExportTuple = [string, Text, Text, Text, Text, Text, Text, Text, string[], Text, Text, Text, number | null];
type ExportRow = Omit<PublicationCsvRow, 'is_referral_code'> & { voucher_code: Text; referral: number | null };

function exportRow(text: string): ExportRow {
  const [id, created_at, result, channel, customer_id, voucher_code, tracking_id, campaign, codes, failure_code, failure_message, source_id, referral] =
    JSON.parse(text) as ExportTuple;
  return { id, created_at, result, channel, customer_id, voucher_code, tracking_id, campaign, codes, failure_code, failure_message, source_id, referral };
}

const known = (column: string): string => `CASE WHEN instr(unknown, ',${column},') > 0 THEN NULL ELSE ${column} END`;

/**
 * The cached publications a selection and narrowing answer, as CSV in the selection's order (the
 * service's default, newest first, when it names none). Undecided publications are left out.
 */
export function exportCachedPublications(db: Reader, target: string, query: PublicationExportQuery, now = Date.now()): PublicationExport {
  checkTimeZone(query.timeZone);
  const truth = publicationTruth(query.selection, query.narrowing ?? {});
  // One JSON array a row: sql.js hands over one text column many times faster than thirteen.
  const rows = db
    .all<{ row: string }>(
      `SELECT json_array(id, created_at, result, channel, customer_id, voucher_code, tracking_id, ${known('campaign_name')}, json(codes), failure_code,
        CASE WHEN result = 'FAILURE' THEN failure_message END, ${known('source_id')}, ${known('is_referral_code')}) AS row
      FROM publications WHERE target = ? AND (${truth.sql}) = 1`,
      [target, ...truth.params],
    )
    .map((r) => exportRow(r.row));
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
  const csvRows = rows.map((r): PublicationCsvRow => ({ ...r, is_referral_code: r.referral === null ? null : r.referral === 1 }));
  return { filename: `publications-${localDate(now, periods)}.csv`, csv: publicationsCsv(csvRows, periods), rows: rows.length };
}
