import type { Bridge } from '../../../shared/ipc/bridge';

const PIECE_ROWS = 20_000;

/** Fetches the batch's CSV piece by piece and hands it to the browser as a download. */
export async function exportCsv(bridge: Bridge, batchId: number, fileName: string): Promise<number> {
  const parts: string[] = [];
  let offset: number | null = 0;
  let metadataKeys: string[] | undefined;
  let rows = 0;
  while (offset !== null) {
    const piece: { csv: string; rows: number; nextOffset: number | null; metadataKeys: string[] } = await bridge.invoke('csv.export', {
      batchId,
      offset,
      limit: PIECE_ROWS,
      ...(metadataKeys ? { metadataKeys } : {}),
    });
    parts.push(piece.csv);
    rows += piece.rows;
    metadataKeys = piece.metadataKeys;
    offset = piece.nextOffset;
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return rows;
}
