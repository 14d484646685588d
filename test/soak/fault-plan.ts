import type { FaultSettings } from '../../electron/sandbox/server';
import type { Dice } from './dice';

/** Faults the network and the service really produce, each armed at a random moment of a run. */
export type SoakFault = 'drop' | 'unavailable' | 'latency';

export const NETWORK_FAULTS: readonly SoakFault[] = ['drop', 'unavailable', 'latency'];

export interface ArmedFaults {
  settings: FaultSettings;
  kinds: SoakFault[];
}

function one(kind: SoakFault, dice: Dice): FaultSettings {
  const count = dice.between(1, 2);
  switch (kind) {
    case 'drop':
      return { dropNextWrites: count };
    case 'unavailable':
      return { failNext: { count, status: 503 } };
    case 'latency':
      return { latencyMs: dice.between(5, 40) };
  }
}

/** One or two faults for one run of the sync child. */
export function faultsForRun(kinds: readonly SoakFault[], dice: Dice): ArmedFaults {
  const chosen = [...new Set([dice.pick(kinds), ...(dice.chance(0.4) ? [dice.pick(kinds)] : [])])];
  return { settings: Object.assign({}, ...chosen.map((kind) => one(kind, dice))) as FaultSettings, kinds: chosen };
}
