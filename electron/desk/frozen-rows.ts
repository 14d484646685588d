import { importBodyOfRows } from '../../shared/domain/import-bodies';
import { loadBatch } from '../batches/batch-lookup';
import { RowsDigest, sourceChecksum } from '../batches/segments';
import type { FrozenRows } from '../outbox/frozen-rows';
import { batchRows, setDraft } from '../operations/batch-source';
import type { Reader } from '../store/statements';

/** The rows of queued imports, read from the library they were queued from. */
export function frozenRowsOf(library: Reader): FrozenRows {
  return {
    codes({ batchId, from, to }) {
      const rows = library.all<{ code: string; row_no: number }>(
        'SELECT code, row_no FROM drafts WHERE batch_id = ? AND row_no BETWEEN ? AND ? ORDER BY row_no',
        [batchId, from, to],
      );
      return { codes: rows.map((row) => row.code), rows: rows.map((row) => row.row_no) };
    },
    body(range, format) {
      const { defaults } = loadBatch(library, range.batchId);
      const digest = new RowsDigest();
      const rows = function* () {
        for (const row of batchRows(library, range.batchId, range)) {
          digest.add(row.row_no, row.code, row.set_id);
          yield row;
        }
      };
      const body = importBodyOfRows(rows(), (setId) => setDraft(library, defaults, setId), format);
      return { body, sourceHash: sourceChecksum(library, defaults, format, { hex: digest.hex(), sets: digest.sets.keys() }) };
    },
  };
}
