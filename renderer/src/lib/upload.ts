import { SNIFF_BYTES, csvFileProblem } from '../../../shared/domain/csv-sniff';
import type { Bridge } from '../../../shared/ipc/bridge';

const PIECE_BYTES = 512 * 1024;

/**
 * Sends a file the user picked to main in pieces of text. The decoder streams, so a character
 * split between two byte slices is still decoded once, whole. An empty or binary file is refused
 * here, on its own bytes, because decoding to text would blur a binary file's signature.
 */
export async function uploadFile(bridge: Bridge, file: File, onProgress: (bytes: number) => void): Promise<string> {
  const problem = csvFileProblem(file.name, new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size);
  if (problem) throw new Error(problem);
  const { uploadId } = await bridge.invoke('csv.uploadStart', { name: file.name });
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < file.size; at += PIECE_BYTES) {
    const bytes = new Uint8Array(await file.slice(at, at + PIECE_BYTES).arrayBuffer());
    const last = at + PIECE_BYTES >= file.size;
    const text = decoder.decode(bytes, { stream: !last });
    if (text !== '') await bridge.invoke('csv.uploadChunk', { uploadId, text });
    onProgress(Math.min(file.size, at + PIECE_BYTES));
  }
  return uploadId;
}
