import type { FaultSettings } from '../../electron/local-service/server';
import type { Dice } from './dice';

/**
 * Faults the network and the service really produce, armed as each run starts, on top of some
 * latency: an answer dropped after the write, a 503 before it, an answer held past the client's
 * timeout, a 429, and a gateway's 500/502/504 page after the write was carried out.
 */
export type SoakFault = 'drop' | 'unavailable' | 'stall' | 'rate-limit' | 'gateway';

export const NETWORK_FAULTS: readonly SoakFault[] = ['drop', 'unavailable', 'stall', 'rate-limit'];
/** Drawn twice as often as each other kind: the fault a sync most easily gets wrong (a resend of a write carried out). */
export const GATEWAY_FAULTS: readonly SoakFault[] = ['gateway', 'gateway'];

/** Longer than the child's request timeout, so a stalled answer is a timeout after sending. */
export const STALL_MS = 2_500;
const MAX_LATENCY_MS = 30;

export interface ArmedFaults {
  settings: FaultSettings;
  kinds: SoakFault[];
}

/** Most faults aim at writes, where an unknown outcome matters, some at one kind of write; some hit any request. */
const TARGETS = [
  { method: 'POST' },
  { method: 'POST', path: '/v1/vouchers/import' },
  { method: 'POST', path: '/v1/vouchers/importCSV' },
  { method: 'POST', path: '/v1/campaigns' },
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
    case 'stall':
      return { stallNext: { count: 1, ms: STALL_MS, ...target } };
    case 'rate-limit':
      // Each 429 costs the run a second of waiting: one at a time.
      return { rateLimitNext: { count: 1, retryAfterSeconds: 1, ...target } };
    case 'gateway':
      return { gatewayNext: { count, status: dice.pick([500, 502, 504] as const), body: dice.pick(['html', 'empty'] as const), ...target } };
  }
}

/** Two faults of different kinds and some latency for one run of the sync child. */
export function faultsForRun(kinds: readonly SoakFault[], dice: Dice): ArmedFaults {
  const first = dice.pick(kinds);
  const second = dice.pick(kinds.filter((kind) => kind !== first));
  const chosen = [first, second];
  return { settings: Object.assign({ latencyMs: dice.int(MAX_LATENCY_MS + 1) }, ...chosen.map((kind) => one(kind, dice))) as FaultSettings, kinds: chosen };
}
