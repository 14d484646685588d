import type { UpdateStatus } from '../../shared/ipc/update-status';

export interface AvailabilityInputs {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
}

/** Where the updater starts: off in a development run and where an administrator turned it off. */
export function initialUpdateStatus(inputs: AvailabilityInputs): UpdateStatus {
  if (!inputs.isPackaged) {
    return { phase: 'disabled', reason: 'updates are checked only in the installed app' };
  }
  if (inputs.env.VOUCHER_DESK_DISABLE_UPDATES === '1') {
    return { phase: 'disabled', reason: 'turned off by VOUCHER_DESK_DISABLE_UPDATES' };
  }
  return { phase: 'idle' };
}
