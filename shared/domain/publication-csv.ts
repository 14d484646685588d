import { CSV_NEWLINE, csvLine } from './csv-writer';
import { spreadsheetText } from './spreadsheet-text';
import { localIsoIn, type OffsetPeriod } from './time-zones';

// The filtered publication list as CSV: one row a publication, its time both local (in the
// viewer's zone, with the offset) and as the service gave it (UTC ISO). The file is a report for
// people, so every text from the service is made safe to open in a spreadsheet (spreadsheetText).

/** What a row shows of one cached publication; null where the cache does not know or it has none. */
export interface PublicationCsvRow {
  id: string;
  created_at: string | null;
  result: string | null;
  channel: string | null;
  customer_id: string | null;
  campaign: string | null;
  codes: readonly string[];
  failure_code: string | null;
  failure_message: string | null;
  tracking_id: string | null;
  source_id: string | null;
  /** Null when the list item does not show it. */
  is_referral_code: boolean | null;
}

export const PUBLICATION_CSV_HEADER = [
  'id',
  'created_at_local',
  'created_at',
  'result',
  'channel',
  'customer_id',
  'campaign',
  'codes',
  'failure_code',
  'failure_message',
  'tracking_id',
  'source_id',
  'is_referral_code',
] as const;

function cells(row: PublicationCsvRow, periods: readonly OffsetPeriod[]): string[] {
  const at = row.created_at === null ? NaN : Date.parse(row.created_at);
  const service = (text: string | null): string => spreadsheetText(text ?? '');
  return [
    service(row.id),
    Number.isNaN(at) ? '' : localIsoIn(at, periods),
    service(row.created_at),
    service(row.result),
    service(row.channel),
    service(row.customer_id),
    service(row.campaign),
    // Codes are joined with spaces: only the first one can start the cell.
    service(row.codes.join(' ')),
    service(row.failure_code),
    service(row.failure_message),
    service(row.tracking_id),
    service(row.source_id),
    row.is_referral_code === null ? '' : String(row.is_referral_code),
  ];
}

/** The rows with a header, CRLF line ends; `periods` must cover the rows' times. */
export function publicationsCsv(rows: readonly PublicationCsvRow[], periods: readonly OffsetPeriod[]): string {
  let text = csvLine(PUBLICATION_CSV_HEADER) + CSV_NEWLINE;
  for (const row of rows) text += csvLine(cells(row, periods)) + CSV_NEWLINE;
  return text;
}
