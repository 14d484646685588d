import { rulesOf, type OperationKind } from '../operations/all';
import { expectedLooks } from './looks';
import type { RequestState } from './states';

// What a sync would do, computed from the outbox alone (no network): the requests it sends and every
// API call it will use, compared with the rate budget last seen. Sandbox projects of the service
// allow only 100 calls an hour, so this is how a user knows a sync will fit before starting it.

/**
 * Requests of one operation in one state, with their codes and bytes summed: one request, or `count`
 * of them. A request left in `sending` is always on its own (its reconciliation depends on its codes),
 * so the outbox can hand over an operation of a million one-code requests as a few lines.
 */
export interface PlanRequest {
  state: RequestState;
  codes: number;
  bytes: number;
  /** How many requests these are (1 when absent). */
  count?: number;
}

export interface PlanOperation {
  id: number;
  kind: OperationKind;
  label: string;
  requests: readonly PlanRequest[];
}

export interface BudgetFigures {
  limit: number;
  remaining: number;
  /** When the figures were seen (ms), for the message. */
  seenAt?: number;
}

export interface DryRunInput {
  operations: readonly PlanOperation[];
  target: string;
  /** OAuth: tokens are minted (each mint is a call); keys: none. */
  usesTokens: boolean;
  /** The budget last seen, or undefined when no sync has run yet. */
  budget: BudgetFigures | undefined;
  /** Assumed when no budget is known: a sandbox project's hourly allowance, or the smallest plan's a minute (both 100). */
  assumedLimit: number;
  /**
   * The period the budget refills in (a sandbox project's hour), with its word; figures seen longer
   * ago than one period are taken as refilled. Without it the plan only says whether it fits.
   */
  window?: { ms: number; word: string };
  /** Now (ms), to age the budget last seen. */
  now?: number;
  /** Expected calls per second the service sustains, to estimate duration (token renewals). */
  callsPerSecond: number;
  tokenLifetimeMs: number;
}

export interface PlannedOperation {
  id: number;
  kind: OperationKind;
  label: string;
  requests: number;
  codes: number;
  bytes: number;
}

export interface DryRunPlan {
  target: string;
  operations: PlannedOperation[];
  requests: number;
  codes: number;
  bytes: number;
  calls: { writes: number; looks: number; reconcile: number; tokens: number; total: number };
  budget: { limit: number; remaining: number; known: boolean };
  fits: boolean;
  message: string;
}

const SENDABLE: ReadonlySet<RequestState> = new Set(['pending', 'sending']);

/** Codes probed when an import is reconciled: the first, the last and a sample of five. */
const IMPORT_PROBES = 7;

/** Requests that become service jobs are looked at, and reconciled by the job list and probes. */
function isImport(kind: string): boolean {
  return rulesOf(kind)?.job !== undefined;
}

export function planSync(input: DryRunInput): DryRunPlan {
  const operations: PlannedOperation[] = [];
  let writes = 0;
  let reconcile = 0;
  let jobCodes = 0;
  for (const op of input.operations) {
    const open = op.requests.filter((request) => SENDABLE.has(request.state));
    const planned = { id: op.id, kind: op.kind, label: op.label, requests: 0, codes: 0, bytes: 0 };
    for (const request of open) {
      planned.requests += request.count ?? 1;
      planned.codes += request.codes;
      planned.bytes += request.bytes;
      // A request left in `sending` is checked first: an import by the job list and a probe of its
      // first, last and a sample of its codes; a code or a reward by one look-up.
      if (request.state === 'sending') reconcile += isImport(op.kind) ? 1 + Math.min(request.codes, IMPORT_PROBES) : 1;
    }
    writes += planned.requests;
    if (isImport(op.kind)) {
      for (const request of op.requests) if (SENDABLE.has(request.state) || request.state === 'accepted') jobCodes += request.codes;
    }
    if (planned.requests > 0 || op.requests.some((request) => request.state === 'accepted')) operations.push(planned);
  }
  // One look reads every import job in flight, so looks follow the sync's codes, not its jobs.
  const looks = expectedLooks(jobCodes);
  const calls = writes + looks + reconcile;
  const seconds = calls / Math.max(0.001, input.callsPerSecond);
  const tokens = input.usesTokens && calls > 0 ? 1 + Math.floor((seconds * 1000) / input.tokenLifetimeMs) : 0;
  const total = calls + tokens;
  const known = input.budget !== undefined;
  const refilled =
    input.budget?.seenAt !== undefined && input.window !== undefined && input.now !== undefined && input.now - input.budget.seenAt >= input.window.ms;
  const seen = input.budget && refilled ? { ...input.budget, remaining: input.budget.limit } : input.budget;
  const budget = seen ?? { limit: input.assumedLimit, remaining: input.assumedLimit };
  const fits = total <= budget.remaining;
  const requests = operations.reduce((n, op) => n + op.requests, 0);
  const codes = operations.reduce((n, op) => n + op.codes, 0);
  const bytes = operations.reduce((n, op) => n + op.bytes, 0);
  const source = known
    ? `${budget.remaining} of ${budget.limit} calls left when last seen`
    : input.window
      ? `no budget seen yet; assuming the ${budget.limit} calls a sandbox project has each ${input.window.word}`
      : `no budget seen yet; assuming ${budget.limit} calls (the smallest plan's allowance a minute)`;
  const message = fits
    ? `The sync needs about ${total} API calls; ${source}: it fits.`
    : `The sync needs about ${total} API calls but ${source}: ${overrunText(total, budget, input.window)}`;
  return {
    target: input.target,
    operations,
    requests,
    codes,
    bytes,
    calls: { writes, looks, reconcile, tokens, total },
    budget: { limit: budget.limit, remaining: budget.remaining, known },
    fits,
    message,
  };
}

/** How long a plan over the budget takes: the calls left now, then a full budget each period. */
function overrunText(total: number, budget: { limit: number; remaining: number }, window: DryRunInput['window']): string {
  const periods = Math.ceil((total - budget.remaining) / Math.max(1, budget.limit));
  if (!window) return `it will pause for the budget to refill (about ${periods} budget windows).`;
  const minutes = Math.ceil((periods * window.ms) / 60_000);
  const span = minutes >= 120 ? `about ${Math.ceil(minutes / 60)} hours` : `about ${minutes} minutes`;
  return `it cannot fit in one ${window.word}. It will pause at the limit and carry on as the budget refills, ${periods} more ${window.word}${periods === 1 ? '' : 's'} (${span}); or split the work.`;
}
