import type { OperationKind, ParsedOperation, PayloadOf } from '../../shared/operations/all';
import type { OperationRules } from '../../shared/operations/rules';
import type { SyncContext, Work } from './context';
import type { Reconciled } from './reconcile';

// One operation kind as the sync runs it (Signal Desktop's one job class per queue is the model).
// Its pure part (payload schema, words, counts) is in shared/operations/; queueing it is the
// module's own exported function, since every kind takes different input.

/** One request of an operation of kind K. */
export type WorkOf<K extends OperationKind> = Omit<Work, 'parsed'> & { parsed: Extract<ParsedOperation, { kind: K }> };

export interface OperationKindModule<K extends OperationKind = OperationKind> {
  readonly kind: K;
  readonly rules: OperationRules<PayloadOf<K>>;
  /**
   * Sends one request. The request is already durably in `sending`; on success it moves on in a durable
   * write (an import's async action id is stored before anything else happens). Errors are thrown to
   * the engine, which knows what each kind of failure means for the run.
   */
  send(ctx: SyncContext, work: WorkOf<K>): Promise<void>;
  /**
   * A request found in `sending` (a crash while its write was out, or an uncertain answer) is settled
   * before anything is sent again: done if it took effect, or 'not-carried-out' for the engine to
   * send it again.
   */
  reconcile(ctx: SyncContext, work: WorkOf<K>, random: () => number): Promise<Reconciled>;
}
