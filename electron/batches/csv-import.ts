import { CSV_HEADERS } from '../../shared/domain/csv-columns';
import { CsvRecordTooLongError } from '../../shared/domain/csv-reader';
import { createDuplicateTracker, type DuplicateTracker } from '../../shared/domain/duplicates';
import type { Problem } from '../../shared/domain/voucher';
import type { StoreDatabase } from '../store/database';
import { loadWritableBatch, type FreezeCheck } from './batch-lookup';
import { checkCsvFile } from './csv-file-check';
import { parsedCsvRows } from './csv-parse-thread';
import type { RowBatch } from './csv-rows';
import { FieldSets, RowInserter } from './row-writer';
import { summerFor, writeSegments } from './segments';
import { isValid, problemState } from './rows';
import { BatchError, type BatchDefaults, type ImportMode } from './types';

export interface ImportProgress {
  phase: 'reading' | 'saving';
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
}

export interface RejectedRow {
  /** Data row of the file (the header is not counted). */
  row: number;
  code: string;
  problems: Problem[];
}

export interface ImportOptions {
  mode?: ImportMode;
  onProgress?(progress: ImportProgress): void;
  /** Every rejected row, as it is found (for a full report file). */
  onRejected?(rejected: RejectedRow): void;
  /** How many rejected rows the returned report keeps (default 1000); all are counted. */
  reportLimit?: number;
  /** How the user knows the file, for messages (an upload's original name); the path by default. */
  fileName?: string;
}

export interface ImportReport {
  mode: ImportMode;
  rowsRead: number;
  stored: number;
  /** Stored rows that have errors (only in keep-all mode). */
  storedInvalid: number;
  /** Stored rows that have warnings but no error. */
  storedWithWarnings: number;
  rejectedCount: number;
  rejected: RejectedRow[];
  /** Problems of the header line; an error there stops the import. */
  headerProblems: Problem[];
  /** Set when the import stopped (first error, or a header error); then nothing was stored. */
  stoppedAtRow: number | null;
  /** Batch rows the stored rows got, when any were stored. */
  firstRow: number | null;
  lastRow: number | null;
}

class ImportStopped extends Error {}

const NO_PROBLEMS: Problem[] = [];

/** Streams a CSV file in the service's import format into a batch, in one durable commit. */
export async function importCsvFile(db: StoreDatabase, frozen: FreezeCheck, batchId: number, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const mode = options.mode ?? 'stop-at-first-error';
  const name = options.fileName ?? file;
  // Refused before the batch is touched: an empty or binary file stores nothing and changes nothing.
  const totalBytes = checkCsvFile(file, name);
  const report: ImportReport = {
    mode,
    rowsRead: 0,
    stored: 0,
    storedInvalid: 0,
    storedWithWarnings: 0,
    rejectedCount: 0,
    rejected: [],
    headerProblems: [],
    stoppedAtRow: null,
    firstRow: null,
    lastRow: null,
  };
  const reject = (rejected: RejectedRow) => {
    report.rejectedCount += 1;
    if (report.rejected.length < (options.reportLimit ?? 1000)) report.rejected.push(rejected);
    options.onRejected?.(rejected);
  };
  try {
    await db.write(async (tx) => {
      const batch = loadWritableBatch(tx, batchId, frozen);
      const base = batch.nextRow - 1;
      const summer = summerFor(tx, batchId);
      const inserter = new RowInserter(tx, summer);
      const sets = new FieldSets(tx);
      // Every code the tracker holds is of a row stored in this write, so it reads codes back from there.
      const duplicates = createDuplicateTracker((row) => {
        inserter.flush();
        return tx.get<{ code: string }>('SELECT code FROM drafts WHERE batch_id = ? AND row_no = ?', [batchId, row])?.code ?? '';
      });
      tx.each<{ row_no: number; code: string }>('SELECT row_no, code FROM drafts WHERE batch_id = ? ORDER BY row_no', [batchId], (existing) => {
        duplicates.check(existing.code, existing.row_no);
      });
      let stopped = false;
      let nextRow = batch.nextRow;
      let bytesRead = 0;
      // Field sets are numbered by the reader; each gets its stored id once.
      const setIds: number[] = [];
      const stored = (batchRow: number) => {
        report.stored += 1;
        report.firstRow ??= batchRow;
        report.lastRow = batchRow;
      };
      const store = (row: number, code: string, setId: number, given: Problem[]) => {
        if (stopped) return;
        report.rowsRead += 1;
        const batchRow = base + row;
        // Nearly every row of a big file has no problem and a new code: stored without more ado.
        const repeat = given.length === 0 || isValid(given) || mode === 'keep-all' ? duplicates.check(code, batchRow) : null;
        if (given.length === 0 && repeat === null) {
          inserter.add(batchId, batchRow, code, setId, null, 1);
          stored(batchRow);
          return;
        }
        const found = repeat ? [...given, { ...repeat, row }] : given;
        const valid = isValid(found);
        if (!valid) {
          reject({ row, code, problems: found });
          if (mode === 'stop-at-first-error') {
            stopped = true;
            report.stoppedAtRow = row;
          }
          if (mode !== 'keep-all') return;
        }
        const state = problemState(base === 0 ? found : found.map((problem) => ({ ...problem, row: batchRow })));
        inserter.add(batchId, batchRow, code, setId, state.problems, state.valid);
        stored(batchRow);
        if (!valid) report.storedInvalid += 1;
        else if (found.length > 0) report.storedWithWarnings += 1;
      };
      for await (const message of parsedCsvRows(file, batch.defaults)) {
        if (message.kind === 'header') {
          report.headerProblems = message.problems.filter((problem) => !inheritsType(problem, batch.defaults));
          if (report.headerProblems.some((problem) => problem.severity === 'error')) stopped = true;
        } else if (message.kind === 'rows') {
          for (const [index, json] of message.newSets) setIds[index] = sets.idOf(json);
          let flag = 0;
          for (let i = 0; i < message.rows.length; i++) {
            const problems = message.flagged[flag] === i ? (message.flaggedProblems[flag++] ?? NO_PROBLEMS) : NO_PROBLEMS;
            store(message.rows[i] as number, message.codes[i] as string, setIds[message.sets[i] as number] as number, problems);
          }
          if (bytesRead === 0 && message.bytesRead < totalBytes) reserveForFile(duplicates, message, totalBytes);
          bytesRead = message.bytesRead;
          options.onProgress?.({ phase: 'reading', bytesRead, totalBytes, rowsRead: report.rowsRead });
        } else if (message.kind === 'end') {
          nextRow = batch.nextRow + message.rows;
        } else {
          throw message.tooLong
            ? new CsvRecordTooLongError(message.tooLong.row, message.tooLong.maxChars)
            : new BatchError(`Cannot read the CSV file ${name}: ${message.message}`);
        }
        if (stopped) break;
      }
      if (stopped) {
        report.stoppedAtRow ??= 0;
        throw new ImportStopped();
      }
      // A file with no rows, or only rejected ones, leaves the batch as it was (not even its date).
      if (report.stored === 0) throw new ImportStopped();
      inserter.flush();
      if (summer !== undefined) writeSegments(tx, batchId, summer.finish());
      tx.run('UPDATE batches SET next_row = ?, updated_at = ? WHERE id = ?', [nextRow, new Date().toISOString(), batchId]);
      options.onProgress?.({ phase: 'saving', bytesRead, totalBytes, rowsRead: report.rowsRead });
    });
  } catch (error) {
    if (!(error instanceof ImportStopped)) throw error;
    report.stored = 0;
    report.storedInvalid = 0;
    report.storedWithWarnings = 0;
    report.firstRow = null;
    report.lastRow = null;
  }
  return report;
}

/** Sizes the code index once for the whole file, judged from its first piece, rather than growing it many times. */
function reserveForFile(duplicates: DuplicateTracker, first: RowBatch, totalBytes: number): void {
  if (first.codes.length === 0 || first.bytesRead === 0) return;
  const scale = totalBytes / first.bytesRead;
  let chars = 0;
  for (const code of first.codes) chars += code.length;
  duplicates.reserve(Math.ceil(first.codes.length * scale * 1.05), Math.ceil(chars * scale * 1.05));
}

// Without a Voucher Type column every row can still get its type from the batch defaults.
function inheritsType(problem: Problem, defaults: BatchDefaults): boolean {
  return problem.field === CSV_HEADERS.voucher_type && defaults.type !== undefined;
}
