import {
  ExportFailedError,
  ExportTokenRejectedError,
  TruncatedExportError,
  type CreateExportRequest,
  type ExportObject,
  type FileSink,
} from '../../shared/api';
import type { PublicationExportFilters } from '../../shared/api/export-parameters';
import { createCsvRecords, CutCsvError } from '../../shared/domain/csv-records';
import {
  exportColumns,
  exportedPublication,
  exportKey,
  PULL_EXPORT_FIELDS,
  type ExportColumns,
  type ExportedPublication,
  type ExportPins,
} from '../../shared/domain/export-publication';
import type { PublicationsSource } from './publication-walk';

/** A source that can also export publications (the client does; a test double may not). */
export interface ExportSource extends PublicationsSource {
  createExport(request: CreateExportRequest): Promise<ExportObject>;
  getExport(id: string): Promise<ExportObject>;
  streamExport(exported: ExportObject, sink: FileSink): Promise<void>;
}

export function canExport(source: PublicationsSource): source is ExportSource {
  const s = source as Partial<ExportSource>;
  return typeof s.createExport === 'function' && typeof s.getExport === 'function' && typeof s.streamExport === 'function';
}

export type ExportPhase = 'scheduled' | 'downloading' | 'storing';

export interface ExportRunOptions {
  /** Each request sent (create, each look at the export, each download). */
  onRequest: () => void;
  onPhase: (phase: ExportPhase, rows: number) => void;
  sleep: (ms: number) => Promise<void>;
  /** Rows handed to `store` at once: one transaction each, so memory and a transaction stay bounded. */
  batchRows?: number;
  /** New exports tried when one ends in ERROR, and downloads tried when a file arrives cut short. */
  attempts?: number;
  /** Longest wait for an export to finish. */
  waitMs?: number;
}

// 1,000 rows a transaction, measured at 1M publications: 5,000 rows recorded more statements than
// one journal line may hold (the cache's journalRecordLimit), so each transaction was saved as a
// whole snapshot of the growing cache; and SQLite's rollback journal, kept in memory, holds a copy
// of every page a transaction touches, so the fewer rows, the fewer pages it holds at once.
const BATCH_ROWS = 1_000;
const ATTEMPTS = 3;
const WAIT_MS = 30 * 60_000;
// The export is looked at again after this long, growing to the most: few calls for a quick one, and
// a long one is not asked about every moment.
const FIRST_LOOK_MS = 100;
const LONGEST_LOOK_MS = 3_000;

/** Creates the export and looks at it until it is DONE; ERROR throws ExportFailedError. */
async function finishedExport(client: ExportSource, request: CreateExportRequest, o: ExportRunOptions): Promise<ExportObject> {
  o.onRequest();
  let exported = await client.createExport(request);
  o.onPhase('scheduled', 0);
  const deadline = Date.now() + (o.waitMs ?? WAIT_MS);
  let wait = FIRST_LOOK_MS;
  while (exported.status !== 'DONE') {
    if (exported.status === 'ERROR') throw new ExportFailedError(exported.id);
    if (Date.now() > deadline)
      throw new Error(`Export ${exported.id} was still ${exported.status} after ${Math.round((o.waitMs ?? WAIT_MS) / 1000)} s; try the pull again later.`);
    await o.sleep(wait);
    wait = Math.min(LONGEST_LOOK_MS, Math.ceil(wait * 1.6));
    o.onRequest();
    exported = await client.getExport(exported.id);
  }
  return exported;
}

/**
 * Streams one DONE export's file into `store`, a batch of rows at a time as the file arrives. Each
 * row is whole (the reader hands over only complete lines); a file cut short throws once its end is
 * reached, after the whole rows before the cut were stored: they are stored again, under the same
 * keys, by the download that follows, so nothing is duplicated and the part counts only when whole.
 */
async function streamInto(
  client: ExportSource,
  exported: ExportObject,
  pins: ExportPins,
  store: (rows: readonly ExportedPublication[]) => Promise<void>,
  o: ExportRunOptions,
): Promise<number> {
  const batchRows = o.batchRows ?? BATCH_ROWS;
  let columns: ExportColumns | undefined;
  let batch: ExportedPublication[] = [];
  let rows = 0;
  // Rows alike in key are alike in instant, and the file is in time order: only the current instant's keys are kept.
  const seen = new Map<string, number>();
  let instant = '';
  const records = (): ReturnType<typeof createCsvRecords> =>
    createCsvRecords((cells) => {
      if (columns === undefined) {
        columns = exportColumns(cells);
        return;
      }
      if (cells.length === 1 && cells[0] === '') return;
      const date = cells[columns.date] ?? '';
      if (date !== instant) {
        seen.clear();
        instant = date;
      }
      const base = exportKey(date, cells[columns.customer_id] ?? '', pins.result === 'FAILURE' ? null : (cells[columns.voucher_code] ?? null));
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      batch.push(exportedPublication(cells, columns, pins, n === 1 ? base : `${base}#${n}`));
    });
  let reader = records();
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    rows += out.length;
    o.onPhase('storing', rows);
    await store(out);
    o.onPhase('downloading', rows);
  };
  const sink: FileSink = {
    begin() {
      // A retried download starts over: what the last one stored is stored again under the same keys.
      columns = undefined;
      batch = [];
      rows = 0;
      seen.clear();
      instant = '';
      reader = records();
      o.onPhase('downloading', 0);
    },
    async piece(text) {
      reader.write(text);
      if (batch.length >= batchRows) await flush();
    },
  };
  o.onRequest();
  await client.streamExport(exported, sink);
  try {
    reader.end();
  } catch (error) {
    if (error instanceof CutCsvError) throw new TruncatedExportError({ method: 'GET', path: `/v1/exports/${exported.id}` }, error.problem, 0, undefined);
    throw error;
  }
  await flush();
  return rows;
}

/**
 * One part of the history through an export: created, waited for, downloaded and stored. An
 * export that ends in ERROR is made again; a file cut short (or a refused download token) is
 * downloaded again, from a fresh look at the export. Answers the rows stored.
 */
export async function pullExportPart(
  client: ExportSource,
  filters: PublicationExportFilters,
  pins: ExportPins,
  store: (rows: readonly ExportedPublication[]) => Promise<void>,
  o: ExportRunOptions,
): Promise<number> {
  const attempts = o.attempts ?? ATTEMPTS;
  const request: CreateExportRequest = { exported_object: 'publication', parameters: { order: 'created_at', fields: PULL_EXPORT_FIELDS, filters } };
  for (let made = 1; ; made += 1) {
    let exported: ExportObject;
    try {
      exported = await finishedExport(client, request, o);
    } catch (error) {
      if (error instanceof ExportFailedError && made < attempts) continue;
      throw error;
    }
    for (let tried = 1; ; tried += 1) {
      try {
        return await streamInto(client, exported, pins, store, o);
      } catch (error) {
        const again = error instanceof TruncatedExportError || error instanceof ExportTokenRejectedError;
        if (!again || tried >= attempts) throw error;
        o.onRequest();
        exported = await client.getExport(exported.id);
        if (exported.status === 'ERROR') throw new ExportFailedError(exported.id);
      }
    }
  }
}
