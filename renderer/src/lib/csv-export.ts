import type { Bridge } from '../../../shared/ipc/bridge';

export interface ExportSummary {
  rows: number;
  skippedInvalid: number;
  lostFields: string[];
}

/** Has main write the batch's CSV, reads it out piece by piece and hands it to the browser as a download. */
export async function exportCsv(bridge: Bridge, batchId: number, fileName: string): Promise<ExportSummary> {
  const report = await bridge.invoke('csv.export', { batchId });
  const parts: string[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const piece: { text: string; nextOffset: number | null } = await bridge.invoke('csv.exportRead', { exportId: report.exportId, offset });
    parts.push(piece.text);
    offset = piece.nextOffset;
  }
  saveCsv(parts, fileName);
  return { rows: report.rows, skippedInvalid: report.skippedInvalid, lostFields: report.lostFields };
}

/** Hands CSV text to the browser as a download named `fileName`. */
export function saveCsv(parts: BlobPart[], fileName: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
