import type { Outbox } from '../../outbox/outbox';
import type { InvokeHandlers } from '../ipc-guard';
import type { LibraryServices } from '../../desk/library';

type BatchHandlers = Pick<
  InvokeHandlers,
  | 'batches.list'
  | 'batches.get'
  | 'batches.create'
  | 'batches.rename'
  | 'batches.duplicate'
  | 'batches.delete'
  | 'batches.restore'
  | 'batches.setDefaults'
  | 'drafts.page'
  | 'drafts.add'
  | 'drafts.edit'
  | 'drafts.delete'
  | 'drafts.generate'
  | 'drafts.history'
  | 'drafts.undo'
  | 'drafts.redo'
>;

/** Batches and draft rows: thin adapters from the contract to the library's services. */
export function batchHandlers(library: () => Promise<LibraryServices>): BatchHandlers {
  return {
    'batches.list': async ({ trash }) => {
      const { batches, outbox } = await library();
      const sync = syncedCounts(outbox);
      return batches.list({ trash: trash ?? false }).map((b) => ({ ...b, ...(sync.get(b.id) ?? { queuedCodes: 0, syncedCodes: 0 }) }));
    },
    'batches.get': async ({ batchId }) => {
      const { batches, outbox } = await library();
      const batch = batches.get(batchId);
      const frozen = outbox.frozenBy(batchId);
      return { ...batch, frozen: frozen ? { ...frozen, batchName: batch.name } : null };
    },
    'batches.create': async ({ name, defaults }) => (await library()).batches.create({ name, ...(defaults ? { defaults } : {}) }),
    'batches.rename': async ({ batchId, name }) => (await library()).batches.rename(batchId, name),
    'batches.duplicate': async ({ batchId, name }) => (await library()).batches.duplicate(batchId, name),
    'batches.delete': async ({ batchId }) => (await library()).batches.delete(batchId),
    'batches.restore': async ({ batchId }) => (await library()).batches.restore(batchId),
    'batches.setDefaults': async ({ batchId, defaults }) => (await library()).batches.setDefaults(batchId, defaults),
    'drafts.page': async ({ batchId, ...query }) => (await library()).drafts.page(batchId, query),
    'drafts.add': async ({ batchId, drafts }) => (await library()).drafts.add(batchId, drafts),
    'drafts.edit': async ({ batchId, row, ...changes }) => (await library()).drafts.edit(batchId, row, changes),
    'drafts.delete': async ({ batchId, rows }) => ({ deleted: await (await library()).drafts.delete(batchId, rows) }),
    'drafts.generate': async ({ batchId, spec }) => {
      const report = await (await library()).generate(batchId, { spec });
      return { added: report.generated, firstRow: report.firstRow, invalidRows: report.invalidRows, warnings: report.warnings };
    },
    'drafts.history': async ({ batchId }) => (await library()).history.state(batchId),
    'drafts.undo': async ({ batchId }) => {
      const { history } = await library();
      return { done: await history.undo(batchId), ...history.state(batchId) };
    },
    'drafts.redo': async ({ batchId }) => {
      const { history } = await library();
      return { done: await history.redo(batchId), ...history.state(batchId) };
    },
  };
}

const OPEN_STATES: ReadonlySet<string> = new Set(['queued', 'running', 'needs_attention']);

/**
 * Per batch: codes in open operations, and codes of finished operations the service took from this
 * sync (neither refused nor already there from someone else).
 */
function syncedCounts(outbox: Outbox): Map<number, { queuedCodes: number; syncedCodes: number }> {
  const tallies = outbox.tallies();
  const counts = new Map<number, { queuedCodes: number; syncedCodes: number }>();
  for (const op of outbox.operations()) {
    if (op.batchId === null) continue;
    const entry = counts.get(op.batchId) ?? { queuedCodes: 0, syncedCodes: 0 };
    if (OPEN_STATES.has(op.state)) entry.queuedCodes += op.codes;
    const tally = tallies.get(op.id);
    if (op.state === 'done') entry.syncedCodes += op.codes - (tally ? tally.failed + tally.present : 0);
    counts.set(op.batchId, entry);
  }
  return counts;
}
