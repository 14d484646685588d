import type { ImportFormat } from '../../shared/domain/import-bodies';
import type { CodeList } from './bodies';

/** A run of a batch's rows by row number, both ends included: what one import request carries. */
export interface RowRange {
  batchId: number;
  from: number;
  to: number;
}

/**
 * Where an import queued by reference reads its requests: the batch itself, which stays frozen while
 * the operation is open, so the rows read at send time are the rows read at queue time (the checksum of
 * what the body is made from, kept at queue time, proves it). Handed to the outbox by whoever opens it
 * beside the library.
 */
export interface FrozenRows {
  /** The codes of the range and the batch row of each, in row order. */
  codes(range: RowRange): CodeList;
  /** The request body the range's rows make in `format`, and the checksum of what it was made from. */
  body(range: RowRange, format: ImportFormat): { body: string; sourceHash: string };
}
