import { BatchFrozenError, InvalidRowsError } from '../../shared/domain/batch-refusals';

/** An error as the command line says it: typed service errors get the commands that resolve them. */
export function cliErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BatchFrozenError) {
    const id = error.frozen.operationId;
    return `${message}.\n  See it:    voucher-desk outbox show ${id}\n  Send it:   voucher-desk sync\n  Cancel it: voucher-desk outbox cancel ${id}`;
  }
  if (error instanceof InvalidRowsError) return `${message}.\n  List them: voucher-desk batch show ${error.batchId} --invalid`;
  return message;
}

/** The structured part of a typed error for --json output. */
export function cliErrorData(error: unknown): Record<string, unknown> {
  return error instanceof BatchFrozenError ? { frozen: error.frozen } : {};
}
