import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readCsv } from '../../../shared/domain/csv-reader';
import { checkCsvFile } from '../../batches/csv-file-check';
import type { ImportProgress } from '../../batches/csv-import';
import type { LibraryServices } from '../../desk/library';
import type { EmitEvent } from '../events';
import type { InvokeHandlers } from '../ipc-guard';
import type { Lifecycle } from '../lifecycle';

type CsvHandlers = Pick<InvokeHandlers, 'csv.uploadStart' | 'csv.uploadChunk' | 'csv.preview' | 'csv.import' | 'csv.export' | 'csv.exportRead'>;

/** Bytes read for a preview: plenty for the header and the first rows of any sane file. */
const PREVIEW_BYTES = 256 * 1024;
const EXPORT_PIECE_BYTES = 1 << 20;
/** Import progress goes out at most this often, so a fast read does not flood the page with events. */
const PROGRESS_INTERVAL_MS = 100;

/** Reads up to `max` bytes at `offset`, ending on a whole UTF-8 character (or at the end of the file). */
async function readText(file: string, offset: number, max: number): Promise<{ text: string; bytes: number; end: boolean }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await handle.read(buffer, 0, max, offset);
    const end = offset + bytesRead >= (await handle.stat()).size;
    let cut = bytesRead;
    // Step back over continuation bytes (10xxxxxx) and the lead byte of a character cut short.
    if (!end) while (cut > 0 && ((buffer[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
    return { text: buffer.subarray(0, cut).toString('utf8'), bytes: cut, end: end && cut === bytesRead };
  } finally {
    await handle.close();
  }
}

/**
 * CSV files cross between the page and main in pieces, through private files in the data folder:
 * an upload is previewed and imported by streaming, an export is written whole and read out.
 */
export function csvHandlers(dataDir: string, library: () => Promise<LibraryServices>, lifecycle: Lifecycle, emit: EmitEvent): CsvHandlers {
  const folder = join(dataDir, 'transfers');
  // Each transfer's file, and the name the user knows it by (the picked file's), for messages.
  const files = new Map<string, { file: string; name: string }>();
  lifecycle.onFlush('csv transfers', () => rm(folder, { recursive: true, force: true }));

  async function newFile(name: string): Promise<{ id: string; file: string }> {
    await mkdir(folder, { recursive: true });
    const id = randomUUID();
    const file = join(folder, `${id}.csv`);
    files.set(id, { file, name });
    return { id, file };
  }

  function transferOf(id: string): { file: string; name: string } {
    const transfer = files.get(id);
    if (!transfer) throw new Error(`File transfer ${id} is unknown or finished; start again.`);
    return transfer;
  }

  const fileOf = (id: string): string => transferOf(id).file;

  async function forget(id: string): Promise<void> {
    const transfer = files.get(id);
    files.delete(id);
    if (transfer) await rm(transfer.file, { force: true });
  }

  return {
    'csv.uploadStart': async ({ name }) => {
      const { id, file } = await newFile(name);
      await writeFile(file, '');
      return { uploadId: id };
    },
    'csv.uploadChunk': async ({ uploadId, text }) => {
      await appendFile(fileOf(uploadId), text, 'utf8');
      return { bytes: Buffer.byteLength(text, 'utf8') };
    },
    'csv.preview': async ({ uploadId, rows: wanted = 10 }) => {
      const { file, name } = transferOf(uploadId);
      checkCsvFile(file, name);
      const piece = await readText(file, 0, PREVIEW_BYTES);
      // Only whole lines: the last one may have been cut by the read.
      const text = piece.end ? piece.text : piece.text.slice(0, piece.text.lastIndexOf('\n') + 1);
      const { layout, rows } = readCsv(text);
      return {
        columns: layout?.columns ?? [],
        headerProblems: layout?.problems ?? [],
        rows: rows.slice(0, wanted).map((r) => ({ row: r.row, draft: r.draft as unknown as Record<string, unknown>, problems: r.problems })),
      };
    },
    'csv.import': async ({ uploadId, batchId, mode }) => {
      let lastAt = 0;
      const onProgress = (progress: ImportProgress): void => {
        const now = Date.now();
        if (progress.phase === 'reading' && now - lastAt < PROGRESS_INTERVAL_MS) return;
        lastAt = now;
        emit('csv.importProgress', { uploadId, batchId, ...progress });
      };
      try {
        const { file, name } = transferOf(uploadId);
        return await (await library()).importCsv(batchId, file, { mode, onProgress, fileName: name });
      } finally {
        await forget(uploadId);
      }
    },
    'csv.export': async ({ batchId }) => {
      const { id, file } = await newFile(`export of batch ${batchId}`);
      try {
        const report = await (await library()).exportCsvToFile(batchId, file);
        return { exportId: id, bytes: (await stat(file)).size, ...report };
      } catch (error) {
        await forget(id);
        throw error;
      }
    },
    'csv.exportRead': async ({ exportId, offset }) => {
      const piece = await readText(fileOf(exportId), offset, EXPORT_PIECE_BYTES);
      if (piece.end) await forget(exportId);
      return { text: piece.text, nextOffset: piece.end ? null : offset + piece.bytes };
    },
  };
}
