import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_STATES,
  IllegalTransitionError,
  TERMINAL_REQUEST_STATES,
  canTake,
  emptyCounts,
  nextRequestState,
  operationState,
  statesTaking,
  type RequestEvent,
} from '../../../shared/outbox/states';

const EVENTS: RequestEvent[] = [
  { type: 'send' },
  { type: 'accepted', asyncActionId: 'aa_1' },
  { type: 'not-carried-out' },
  { type: 'not-found' },
  { type: 'done' },
  { type: 'failed' },
  { type: 'needs-attention' },
  { type: 'retry' },
  { type: 'recheck' },
  { type: 'cancel' },
];

describe('request state rules', () => {
  it('follows pending -> sending -> accepted -> done', () => {
    let state = nextRequestState('pending', { type: 'send' });
    expect(state).toBe('sending');
    state = nextRequestState(state, { type: 'accepted', asyncActionId: 'aa_1' });
    expect(state).toBe('accepted');
    expect(nextRequestState(state, { type: 'done' })).toBe('done');
  });

  it('never sends a request whose outcome is uncertain or accepted, and never cancels one in flight', () => {
    expect(() => nextRequestState('sending', { type: 'send' })).toThrow(IllegalTransitionError);
    expect(() => nextRequestState('accepted', { type: 'send' })).toThrow(/cannot take "send"/);
    expect(() => nextRequestState('sending', { type: 'cancel' })).toThrow(IllegalTransitionError);
    expect(() => nextRequestState('accepted', { type: 'cancel' })).toThrow(IllegalTransitionError);
  });

  it('cancels only what was never sent or waits for the user, each to cancelled', () => {
    expect(statesTaking('cancel')).toEqual(['pending', 'needs_attention']);
    for (const from of statesTaking('cancel')) expect(nextRequestState(from, { type: 'cancel' })).toBe('cancelled');
    for (const from of REQUEST_STATES.filter((s) => !statesTaking('cancel').includes(s))) expect(canTake(from, 'cancel')).toBe(false);
  });

  it('retries a request that needs attention: sent as it is to pending, or back to sending to be reconciled first', () => {
    expect(nextRequestState('needs_attention', { type: 'retry' })).toBe('pending');
    expect(nextRequestState('needs_attention', { type: 'recheck' })).toBe('sending');
    for (const event of ['retry', 'recheck'] as const) {
      expect(statesTaking(event)).toEqual(['needs_attention']);
      expect(() => nextRequestState('pending', { type: event })).toThrow(/cannot take/);
      expect(() => nextRequestState('sending', { type: event })).toThrow(IllegalTransitionError);
    }
  });

  it('leaves no way out of a terminal state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TERMINAL_REQUEST_STATES), fc.constantFrom(...EVENTS), (state, event) => {
        expect(canTake(state, event.type)).toBe(false);
        expect(() => nextRequestState(state, event)).toThrow(IllegalTransitionError);
      }),
    );
  });

  it('reaches only known states from any state by any event', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUEST_STATES), fc.constantFrom(...EVENTS), (state, event) => {
        if (!canTake(state, event.type)) return;
        expect(REQUEST_STATES).toContain(nextRequestState(state, event));
      }),
    );
  });
});

describe('operation state from request counts', () => {
  const counts = (c: Partial<ReturnType<typeof emptyCounts>>) => ({ ...emptyCounts(), ...c });

  it('is queued until a request moves, running while any can move, then done, failed or needs attention', () => {
    expect(operationState(counts({ pending: 3 }), false)).toBe('queued');
    expect(operationState(counts({ pending: 2, accepted: 1 }), false)).toBe('running');
    expect(operationState(counts({ done: 2, sending: 1 }), false)).toBe('running');
    expect(operationState(counts({ done: 3 }), false)).toBe('done');
    expect(operationState(counts({ done: 2, failed: 1 }), false)).toBe('failed');
    expect(operationState(counts({ done: 2, needs_attention: 1 }), false)).toBe('needs_attention');
  });

  it('is cancelled once nothing in flight is left, but runs while an accepted job finishes', () => {
    expect(operationState(counts({ done: 1, cancelled: 2 }), true)).toBe('cancelled');
    expect(operationState(counts({ accepted: 1, cancelled: 2 }), true)).toBe('running');
  });
});
