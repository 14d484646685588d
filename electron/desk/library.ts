import { Outbox } from '../outbox/outbox';
import { frozenRowsOf } from './frozen-rows';
import type { StoreDatabase } from '../store/database';
import { type OpenOptions, openLibraryDatabase } from '../batches/open';
import type { FreezeCheck } from '../batches/batch-lookup';
import { BatchService } from '../batches/batch-service';
import { type ExportOptions, type ExportReport, exportBatchCsv, exportBatchCsvToFile } from '../batches/csv-export';
import { type ImportOptions, type ImportReport, importCsvFile } from '../batches/csv-import';
import { DraftService } from '../batches/draft-service';
import { EditHistory } from '../batches/edit-history';
import { type GenerateInput, type GenerateReport, generateIntoBatch } from '../batches/generate';

/** Everything the app and the command line do with the library, over one open database. */
export interface LibraryServices {
  db: StoreDatabase;
  batches: BatchService;
  drafts: DraftService;
  /** Undo and redo of the batches' edits, for this session. */
  history: EditHistory;
  importCsv(batchId: number, file: string, options?: ImportOptions): Promise<ImportReport>;
  exportCsvToFile(batchId: number, file: string, options?: ExportOptions): Promise<ExportReport>;
  exportCsv(batchId: number, write: (piece: string) => void | Promise<void>, options?: ExportOptions): Promise<ExportReport>;
  generate(batchId: number, input: GenerateInput): Promise<GenerateReport>;
  /** The outbox of the same data folder: open with the library, because it decides which batches are frozen. */
  outbox: Outbox;
  close(): Promise<void>;
}

export function libraryServices(db: StoreDatabase, outbox: Outbox): LibraryServices {
  const frozen: FreezeCheck = (batchId) => outbox.frozenBy(batchId);
  const history = new EditHistory(db, frozen);
  return {
    db,
    outbox,
    history,
    batches: new BatchService(db, frozen, undefined, history),
    drafts: new DraftService(db, frozen, history),
    importCsv: (batchId, file, options) => importCsvFile(db, frozen, batchId, file, options),
    exportCsvToFile: (batchId, file, options) => exportBatchCsvToFile(db, batchId, file, options),
    exportCsv: (batchId, write, options) => exportBatchCsv(db, batchId, write, options),
    generate: (batchId, input) => generateIntoBatch(db, frozen, batchId, input),
    close: async () => {
      await outbox.close();
      await db.close();
    },
  };
}

export async function openLibraryServices(dataDir: string, options: OpenOptions = {}): Promise<LibraryServices> {
  const db = await openLibraryDatabase(dataDir, options);
  try {
    return libraryServices(db, await Outbox.open(dataDir, { frozen: frozenRowsOf(db) }));
  } catch (error) {
    await db.close();
    throw error;
  }
}
