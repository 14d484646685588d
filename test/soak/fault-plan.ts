import type { FaultSettings } from '../../electron/sandbox/server';
import type { Dice } from './dice';

/**
 * Faults the network and the service really produce, each armed at a random moment of a run:
 * an answer dropped after the write, a 503 before it, latency, an answer held past the client's
 * timeout, a 429, and a gateway's 500/502/504 page after the write was carried out.
 */
export type SoakFault = 'drop' | 'unavailable' | 'latency' | 'stall' | 'rate-limit' | 'gateway';

export const NETWORK_FAULTS: readonly SoakFault[] = ['drop', 'unavailable', 'latency', 'stall', 'rate-limit'];
export const GATEWAY_FAULTS: readonly SoakFault[] = ['gateway'];

/** Longer than the child's request timeout, so a stalled answer is a timeout after sending. */
export const STALL_MS = 2_500;

export interface ArmedFaults {
  settings: FaultSettings;
  kinds: SoakFault[];
}

/** Most faults aim at writes, where an unknown outcome matters, some at one kind of write; some hit any request. */
const TARGETS = [
  { method: 'POST' },
  { method: 'POST', path: '/v1/vouchers/import' },
  { method: 'POST', path: '/v1/vouchers/importCSV' },
  { method: 'POST', path: '/v1/rewards' },
  { method: 'DELETE' },
  {},
] as const;

function one(kind: SoakFault, dice: Dice): FaultSettings {
  const count = dice.between(1, 3);
  const target = dice.pick(TARGETS);
  switch (kind) {
    case 'drop':
      return { dropNext: { count, ...target } };
    case 'unavailable':
      return { failNext: { count, status: 503, ...target } };
    case 'latency':
      return { latencyMs: dice.between(5, 40) };
    case 'stall':
      return { stallNext: { count: 1, ms: STALL_MS, ...target } };
    case 'rate-limit':
      // Each 429 costs the run a second of waiting: one at a time.
      return { rateLimitNext: { count: 1, retryAfterSeconds: 1, ...target } };
    case 'gateway':
      return { gatewayNext: { count, status: dice.pick([500, 502, 504] as const), body: dice.pick(['html', 'empty'] as const), ...target } };
  }
}

/** One or two faults for one run of the sync child. */
export function faultsForRun(kinds: readonly SoakFault[], dice: Dice): ArmedFaults {
  const chosen = [...new Set([dice.pick(kinds), ...(dice.chance(0.4) ? [dice.pick(kinds)] : [])])];
  return { settings: Object.assign({}, ...chosen.map((kind) => one(kind, dice))) as FaultSettings, kinds: chosen };
}
