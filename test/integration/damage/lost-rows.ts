import { openLibraryDatabase } from '../../../electron/batches/open';
import type { StoreDatabase } from '../../../electron/store/database';

// A queued import refers to its batch's rows. What can take them away behind the outbox's back is a
// library put back from a kept copy older than the batch: here, the rows are deleted directly.

/** Deletes rows `from`..`to` of a batch, as a library restored from an older copy would lack them. */
export async function loseRows(library: StoreDatabase, batchId: number, from: number, to: number): Promise<void> {
  await library.write((tx) => tx.run('DELETE FROM drafts WHERE batch_id = ? AND row_no BETWEEN ? AND ?', [batchId, from, to]));
}

/** The same, in a data folder no process holds open. */
export async function loseRowsIn(dir: string, batchId: number, from: number, to: number): Promise<void> {
  const library = await openLibraryDatabase(dir);
  try {
    await loseRows(library, batchId, from, to);
  } finally {
    await library.close();
  }
}
