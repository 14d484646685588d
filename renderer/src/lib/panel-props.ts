import type { Bridge } from '../../../shared/ipc/bridge';

/** What every panel of the batch editor gets: the bridge, its batch, and where to report. */
export interface BatchPanelProps {
  bridge: Bridge;
  batchId: number;
  ondone: () => void;
  onerror: (error: unknown) => void;
}
