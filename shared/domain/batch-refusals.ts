// Refusals about a batch that each front end words itself: they carry the batch (and for a frozen
// batch the operation), and the CLI adds its commands while the app offers buttons. A batch queued
// for sync may not change, because what is sent is what the user reviewed.

export interface FrozenBatch {
  batchId: number;
  batchName: string;
  operationId: number;
  /** The operation kind as the outbox stores it, e.g. `import-json`. */
  operationKind: string;
  /**
   * The kind as a person reads it, e.g. `import`: filled in by the outbox from the kind's rules
   * (shared/operations/), so this file, loaded by every command line run to word its errors, stays
   * free of the payload schemas (zod).
   */
  operationWord: string;
  /** queued, running or needs_attention. */
  operationState: string;
}

const STATE_WORDS: Readonly<Record<string, string>> = {
  queued: 'waiting to be sent',
  running: 'being sent',
  needs_attention: 'stopped and needs attention',
};

/** "import (operation 3)": the operation as a person reads it. */
export function operationWords(frozen: FrozenBatch): string {
  return `${frozen.operationWord} (operation ${frozen.operationId})`;
}

export function stateWords(state: string): string {
  return STATE_WORDS[state] ?? state;
}

export class BatchFrozenError extends Error {
  constructor(readonly frozen: FrozenBatch) {
    super(
      `Batch "${frozen.batchName}" is queued for sync: its ${operationWords(frozen)} is ${stateWords(frozen.operationState)}. ` +
        'It cannot change until that operation finishes or is cancelled',
    );
    this.name = 'BatchFrozenError';
  }
}

/** Only a batch without errors is queued; the front ends say where the invalid rows are listed. */
export class InvalidRowsError extends Error {
  constructor(
    readonly batchId: number,
    readonly batchName: string,
    readonly invalidRows: number,
  ) {
    super(`Batch "${batchName}" has ${invalidRows} invalid row${invalidRows === 1 ? '' : 's'}; fix them before queueing it`);
    this.name = 'InvalidRowsError';
  }
}
