import type { Problem, VoucherDraft } from '../../shared/domain/voucher';

/** Values every row of a batch inherits unless the row sets its own: any draft field but the code. */
export type BatchDefaults = Partial<Omit<VoucherDraft, 'code'>>;

/** A row's own fields as stored (the code is kept apart); values may be invalid while being edited. */
export type DraftFields = Record<string, unknown>;

export interface BatchSummary {
  id: number;
  name: string;
  defaults: BatchDefaults;
  createdAt: string;
  updatedAt: string;
  /** Set while the batch is in the trash. */
  deletedAt: string | null;
  rows: number;
  validRows: number;
  invalidRows: number;
}

export interface DraftRow {
  /** Position of the row in its batch, 1-based; stays with the row when others are deleted. */
  row: number;
  code: string;
  /** What the row sets itself. */
  fields: DraftFields;
  /** The voucher as it would be sent: batch defaults overlaid with the row's own fields. */
  draft: Record<string, unknown>;
  problems: Problem[];
  /** No error (warnings allowed). */
  valid: boolean;
}

export type DraftSort = 'row' | 'code';

/** The most rows one page may hold. */
export const MAX_PAGE = 1000;

// Constants the command line checks its options against live here, with the types, rather than
// with the code that uses them: a command that only lists batches then loads none of that code.

/**
 * - `stop-at-first-error`: the first row with an error ends the import and nothing is stored.
 * - `skip-invalid`: rows with errors are left out (and reported); the valid rows are stored.
 * - `keep-all`: every row is stored, invalid ones marked so they can be fixed in the library.
 */
export const IMPORT_MODES = ['stop-at-first-error', 'skip-invalid', 'keep-all'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export interface DraftQuery {
  offset?: number;
  /** 1..1000, default 100. */
  limit?: number;
  /** Only rows whose code starts with this text (case-sensitive). */
  codePrefix?: string;
  onlyInvalid?: boolean;
  sort?: DraftSort;
}

export interface DraftPage {
  rows: DraftRow[];
  /** Rows matching the query in the whole batch. */
  total: number;
  offset: number;
  limit: number;
}

export interface RowCounts {
  rows: number;
  validRows: number;
  invalidRows: number;
}

/** A failure the user caused and can fix (unknown batch, name taken, bad input): shown as is. */
export class BatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchError';
  }
}
