import type { SandboxDb } from './db';
import type { DocStore } from './docs';
import type { ExportStore } from './export-store';
import type { JobRunner } from './jobs';
import type { KeyStore } from './keys';
import type { PublicationStore } from './publication-store';
import type { TokenStore } from './tokens';
import type { Clock } from './types';
import type { VoucherStore } from './voucher-store';

/** Everything a route handler may read or change. */
export interface SandboxState {
  clock: Clock;
  store: SandboxDb;
  docs: DocStore;
  publications: PublicationStore;
  vouchers: VoucherStore;
  jobs: JobRunner;
  exports: ExportStore;
  keys: KeyStore;
  tokens: TokenStore;
  maxCodesPerCampaign: number;
  webhookImports: { asyncActionId: string; webhooksEnable: boolean }[];
}

export function isoNow(state: SandboxState): string {
  return new Date(state.clock.now()).toISOString();
}
