import type { Clock, VoucherClient } from '../../shared/api';
import type { ParsedOperation } from '../../shared/operations/all';
import type { Outbox } from '../outbox/outbox';
import type { RequestRecord, OperationRecord } from '../outbox/records';

export interface SyncContext {
  outbox: Outbox;
  client: VoucherClient;
  clock: Clock;
}

/** One request of an operation whose payload was read. */
export interface Work {
  op: OperationRecord;
  parsed: ParsedOperation;
  request: RequestRecord;
}
