import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readCsv } from '../../../shared/domain/csv-reader';
import { csvPieces } from '../../../shared/domain/csv-writer';
import type { VoucherDraft } from '../../../shared/domain/voucher';
import { importCsvFile } from '../../batches/csv-import';
import { MAX_PAGE } from '../../batches/draft-service';
import type { InvokeHandlers } from '../ipc-guard';
import type { Lifecycle } from '../lifecycle';
import type { Library } from './library';

type CsvHandlers = Pick<InvokeHandlers, 'csv.uploadStart' | 'csv.uploadChunk' | 'csv.preview' | 'csv.import' | 'csv.export'>;

/** Bytes read for a preview: plenty for the header and the first rows of any sane file. */
const PREVIEW_BYTES = 256 * 1024;

/**
 * A CSV file reaches main in pieces (the renderer reads the file the user picked), lands in a
 * private upload file, and is then previewed and imported by streaming, never held whole.
 */
export function csvHandlers(dataDir: string, library: () => Promise<Library>, lifecycle: Lifecycle): CsvHandlers {
  const folder = join(dataDir, 'uploads');
  const uploads = new Map<string, string>();
  lifecycle.onFlush('csv uploads', () => rm(folder, { recursive: true, force: true }));

  function fileOf(uploadId: string): string {
    const file = uploads.get(uploadId);
    if (!file) throw new Error(`Upload ${uploadId} is unknown or already imported; choose the file again.`);
    return file;
  }

  async function* batchDrafts(batchId: number, offset: number, limit: number): AsyncGenerator<VoucherDraft> {
    const { drafts } = await library();
    for (let at = offset; at < offset + limit; at += MAX_PAGE) {
      const page = drafts.page(batchId, { offset: at, limit: Math.min(MAX_PAGE, offset + limit - at) });
      for (const row of page.rows) yield row.draft as unknown as VoucherDraft;
      if (page.rows.length < page.limit) return;
    }
  }

  return {
    'csv.uploadStart': async () => {
      await mkdir(folder, { recursive: true });
      const uploadId = randomUUID();
      const file = join(folder, `${uploadId}.csv`);
      await writeFile(file, '');
      uploads.set(uploadId, file);
      return { uploadId };
    },
    'csv.uploadChunk': async ({ uploadId, text }) => {
      const file = fileOf(uploadId);
      await appendFile(file, text, 'utf8');
      return { bytes: Buffer.byteLength(text, 'utf8') };
    },
    'csv.preview': async ({ uploadId, rows: wanted = 10 }) => {
      const handle = await open(fileOf(uploadId), 'r');
      let text: string;
      try {
        const buffer = Buffer.alloc(PREVIEW_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, PREVIEW_BYTES, 0);
        text = buffer.subarray(0, bytesRead).toString('utf8');
        // Only whole lines: the last one may have been cut by the read.
        if (bytesRead === PREVIEW_BYTES) text = text.slice(0, text.lastIndexOf('\n') + 1);
      } finally {
        await handle.close();
      }
      const { layout, rows } = readCsv(text);
      return {
        columns: layout?.columns ?? [],
        headerProblems: layout?.problems ?? [],
        rows: rows.slice(0, wanted).map((r) => ({ row: r.row, draft: r.draft as unknown as Record<string, unknown>, problems: r.problems })),
      };
    },
    'csv.import': async ({ uploadId, batchId, mode }) => {
      const file = fileOf(uploadId);
      const { db } = await library();
      try {
        return await importCsvFile(db, batchId, file, { mode });
      } finally {
        uploads.delete(uploadId);
        await rm(file, { force: true });
      }
    },
    'csv.export': async ({ batchId, offset, limit, metadataKeys }) => {
      const { drafts } = await library();
      const total = drafts.page(batchId, { limit: 1 }).total;
      const keys = metadataKeys ?? (await metadataKeysOf(batchDrafts(batchId, 0, total)));
      const piece: VoucherDraft[] = [];
      for await (const draft of batchDrafts(batchId, offset, limit)) piece.push(draft);
      const lines = [...csvPieces(piece, keys)];
      // The header line goes only into the first piece.
      const csv = (offset === 0 ? lines : lines.slice(1)).join('');
      const rows = piece.length;
      return { csv, rows, nextOffset: offset + rows < total ? offset + rows : null, metadataKeys: keys };
    },
  };
}

async function metadataKeysOf(drafts: AsyncIterable<VoucherDraft>): Promise<string[]> {
  const keys = new Set<string>();
  for await (const draft of drafts) for (const key of Object.keys(draft.metadata ?? {})) keys.add(key);
  return [...keys];
}
