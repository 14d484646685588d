// Durable states of one request (a row of the outbox's `requests` table) and of a whole operation,
// and the only moves allowed between them. Pure: the outbox store applies these before every write
// of a request's state (the sync's moves, setting aside, cancel and retry), so an illegal move is a
// bug that stops the write, never a silently wrong row.

export const REQUEST_STATES = ['pending', 'sending', 'accepted', 'done', 'failed', 'needs_attention', 'cancelled'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const OPERATION_STATES = ['queued', 'running', 'done', 'failed', 'needs_attention', 'cancelled', 'dead_letter'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

export type RequestEvent =
  | { type: 'send' }
  /** The service answered 202 with the job id. */
  | { type: 'accepted'; asyncActionId: string }
  /** The request was definitely not carried out (an error answer): back to pending to try again. */
  | { type: 'not-carried-out' }
  /** Reconciliation found the request never took effect. */
  | { type: 'not-found' }
  | { type: 'done' }
  | { type: 'failed' }
  | { type: 'needs-attention' }
  /** The user asked to try a request that needed attention again, sent as it is. */
  | { type: 'retry' }
  /**
   * The user asked to try again a request that went out before and may have been carried out
   * (an answer the engine could not judge, a job it could not read): it is reconciled before it is
   * sent again, so it goes back to `sending`, the state the next sync reconciles first.
   */
  | { type: 'recheck' }
  | { type: 'cancel' };

const MOVES: Record<RequestEvent['type'], { from: readonly RequestState[]; to: RequestState }> = {
  send: { from: ['pending'], to: 'sending' },
  accepted: { from: ['sending'], to: 'accepted' },
  'not-carried-out': { from: ['sending'], to: 'pending' },
  'not-found': { from: ['sending'], to: 'pending' },
  done: { from: ['sending', 'accepted'], to: 'done' },
  failed: { from: ['pending', 'sending', 'accepted'], to: 'failed' },
  'needs-attention': { from: ['pending', 'sending', 'accepted'], to: 'needs_attention' },
  retry: { from: ['needs_attention'], to: 'pending' },
  recheck: { from: ['needs_attention'], to: 'sending' },
  // Only what was never sent can be cancelled; a request in flight or accepted runs to its end.
  cancel: { from: ['pending', 'needs_attention'], to: 'cancelled' },
};

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: RequestState,
    readonly event: RequestEvent['type'],
  ) {
    super(`A request in state "${from}" cannot take "${event}" (allowed from: ${MOVES[event].from.join(', ')})`);
    this.name = 'IllegalTransitionError';
  }
}

export function nextRequestState(from: RequestState, event: RequestEvent): RequestState {
  const move = MOVES[event.type];
  if (!move.from.includes(from)) throw new IllegalTransitionError(from, event.type);
  return move.to;
}

export function canTake(from: RequestState, event: RequestEvent['type']): boolean {
  return MOVES[event].from.includes(from);
}

/** The states an event moves a request out of (a bulk change, such as a cancel, moves only these). */
export function statesTaking(event: RequestEvent['type']): readonly RequestState[] {
  return MOVES[event].from;
}

export const TERMINAL_REQUEST_STATES: ReadonlySet<RequestState> = new Set(['done', 'failed', 'cancelled']);
export const TERMINAL_OPERATION_STATES: ReadonlySet<OperationState> = new Set(['done', 'failed', 'cancelled']);

export type RequestCounts = Record<RequestState, number>;

export function emptyCounts(): RequestCounts {
  return { pending: 0, sending: 0, accepted: 0, done: 0, failed: 0, needs_attention: 0, cancelled: 0 };
}

/**
 * An operation's state from its requests': live while any request can still move on its own; then
 * needs_attention if one waits for the user; cancelled if the user cancelled; failed if any failed.
 */
export function operationState(counts: RequestCounts, cancelRequested: boolean): OperationState {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const live = counts.sending + counts.accepted + (cancelRequested ? 0 : counts.pending);
  if (live > 0) return counts.pending === total ? 'queued' : 'running';
  if (counts.needs_attention > 0 && !cancelRequested) return 'needs_attention';
  if (cancelRequested) return 'cancelled';
  if (counts.failed > 0) return 'failed';
  return 'done';
}
