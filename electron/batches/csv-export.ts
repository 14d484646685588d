import { CSV_NEWLINE, checkMetadataColumns, csvDraftLine, csvHeaderLine } from '../../shared/domain/csv-writer';
import { fieldsCsvCannotCarry } from '../../shared/domain/csv-row';
import type { VoucherDraft } from '../../shared/domain/voucher';
import type { StoreDatabase } from '../store/database';
import { DurableFileWriter } from '../store/durable-file';
import type { Reader } from '../store/statements';
import { loadBatch } from './batch-lookup';
import { effectiveDraft } from './inherit';
import { SELECT_ROWS, type StoredRow } from './rows';
import { BatchError, type BatchDefaults, type DraftFields } from './types';

export interface ExportReport {
  /** Rows written to the file. */
  rows: number;
  /** Rows left out because they have errors: the service would reject them. */
  skippedInvalid: number;
  /** Rows with fields the CSV format cannot carry, and which fields those are. */
  lossyRows: number;
  lostFields: string[];
}

export interface ExportOptions {
  onProgress?(rowsWritten: number, totalRows: number): void;
}

const PAGE = 5000;
const PIECE_BYTES = 1 << 20;

/**
 * Writes the valid rows of a batch as the service's CSV import file, in row order, piece by piece.
 * Writes wait while the export runs, so the file shows one consistent state of the batch.
 */
export function exportBatchCsv(
  db: StoreDatabase,
  batchId: number,
  write: (piece: string) => void | Promise<void>,
  options: ExportOptions = {},
): Promise<ExportReport> {
  return db.exclusive(async (reader) => {
    const batch = loadBatch(reader, batchId);
    const metadataKeys = metadataKeysOf(reader, batchId, batch.defaults);
    try {
      checkMetadataColumns(metadataKeys);
    } catch (error) {
      throw new BatchError(`Batch ${batchId} cannot be exported as CSV: ${(error as Error).message}`);
    }
    const columns = new Set(metadataKeys);
    const totalRows = reader.get<{ n: number }>('SELECT count(*) AS n FROM drafts WHERE batch_id = ? AND valid = 1', [batchId])?.n ?? 0;
    const report: ExportReport = { rows: 0, skippedInvalid: 0, lossyRows: 0, lostFields: [] };
    const lost = new Set<string>();
    let piece = csvHeaderLine(metadataKeys) + CSV_NEWLINE;
    for (const page of pagesOf(reader, batchId)) {
      for (const stored of page) {
        if (stored.valid !== 1) {
          report.skippedInvalid += 1;
          continue;
        }
        const draft = effectiveDraft(batch.defaults, JSON.parse(stored.fields) as DraftFields, stored.code) as unknown as VoucherDraft;
        const lostHere = fieldsCsvCannotCarry(draft);
        if (lostHere.length > 0) {
          report.lossyRows += 1;
          for (const field of lostHere) lost.add(field);
        }
        piece += csvDraftLine(draft, metadataKeys, columns) + CSV_NEWLINE;
        report.rows += 1;
      }
      if (piece.length >= PIECE_BYTES) {
        await write(piece);
        piece = '';
      }
      options.onProgress?.(report.rows, totalRows);
    }
    await write(piece);
    report.lostFields = [...lost].sort();
    return report;
  });
}

/** The same export into a file that appears complete or not at all. */
export async function exportBatchCsvToFile(db: StoreDatabase, batchId: number, file: string, options: ExportOptions = {}): Promise<ExportReport> {
  const out = new DurableFileWriter(file);
  try {
    const report = await exportBatchCsv(db, batchId, (piece) => out.write(piece), options);
    out.commit();
    return report;
  } catch (error) {
    out.abort();
    throw error;
  }
}

function* pagesOf(reader: Reader, batchId: number): Generator<StoredRow[]> {
  let after = 0;
  for (;;) {
    const page = reader.all<StoredRow>(`${SELECT_ROWS} WHERE batch_id = ? AND row_no > ? ORDER BY row_no LIMIT ${PAGE}`, [batchId, after]);
    const last = page.at(-1);
    if (!last) return;
    yield page;
    after = last.row_no;
  }
}

// The metadata columns: every key the defaults or a valid row's own metadata use, in order of first use.
function metadataKeysOf(reader: Reader, batchId: number, defaults: BatchDefaults): string[] {
  const keys = new Set(Object.keys(defaults.metadata ?? {}));
  const sets = reader.all<{ fields: string }>(
    `SELECT fields FROM field_sets WHERE instr(fields, '"metadata"') > 0 AND id IN (SELECT DISTINCT set_id FROM drafts WHERE batch_id = ? AND valid = 1)`,
    [batchId],
  );
  for (const { fields } of sets) {
    const metadata = (JSON.parse(fields) as DraftFields)['metadata'];
    if (typeof metadata === 'object' && metadata !== null) for (const key of Object.keys(metadata)) keys.add(key);
  }
  return [...keys];
}
