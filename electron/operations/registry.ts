import type { OperationKind } from '../../shared/operations/all';
import type { SyncContext, Work } from './context';
import type { Reconciled } from './reconcile';
import { addToCampaign } from './add-to-campaign';
import { deleteCodes } from './delete';
import { importCsv, importJson } from './imports';
import type { OperationKindModule } from './kind';
import { reward } from './reward';

// Every kind the outbox knows, to its module: the engine sends and reconciles through this map only.
// A new kind is one module in this folder (with its pure part in shared/operations/) and one line here.

export type OperationRegistry = { readonly [K in OperationKind]: OperationKindModule<K> };

export const OPERATIONS: OperationRegistry = {
  'import-json': importJson,
  'import-csv': importCsv,
  'add-to-campaign': addToCampaign,
  reward,
  delete: deleteCodes,
};

/** The module of a request's kind. TypeScript cannot tie a union's member to its module, so this is the one place that says so. */
function moduleOf(registry: OperationRegistry, work: Work): OperationKindModule {
  return registry[work.parsed.kind] as OperationKindModule;
}

export function sendWith(registry: OperationRegistry, ctx: SyncContext, work: Work): Promise<void> {
  return moduleOf(registry, work).send(ctx, work);
}

export function reconcileWith(registry: OperationRegistry, ctx: SyncContext, work: Work, random: () => number): Promise<Reconciled> {
  return moduleOf(registry, work).reconcile(ctx, work, random);
}
