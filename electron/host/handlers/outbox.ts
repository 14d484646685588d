import type { RequestView, OperationView, QueuedView } from '../../../shared/ipc/outbox';
import type { LibraryServices } from '../../desk/library';
import type { Queued } from '../../outbox/op-codes';
import type { OperationTally, Outbox } from '../../outbox/outbox';
import { campaignDroppedValues, queueAddToCampaign } from '../../operations/add-to-campaign';
import { queueImportPacked } from '../../operations/imports';
import { queueDelete } from '../../operations/delete';
import { queueReward } from '../../operations/reward';
import type { RequestRecord, OperationRecord } from '../../outbox/records';
import { describeOperation } from '../../../shared/operations/all';
import { dryRun } from '../../sync/dry-run';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';

type OutboxHandlers = Pick<
  InvokeHandlers,
  | 'outbox.queueBatch'
  | 'outbox.droppedValues'
  | 'outbox.queueReward'
  | 'outbox.queueDelete'
  | 'outbox.dryRun'
  | 'outbox.list'
  | 'outbox.requests'
  | 'outbox.failures'
  | 'outbox.present'
  | 'outbox.retry'
  | 'outbox.cancel'
>;

function operationView(outbox: Outbox, op: OperationRecord, names: ReadonlyMap<string, string>, tally: OperationTally = outbox.tally(op.id)): OperationView {
  return {
    id: op.id,
    kind: op.kind,
    label: describeOperation(op.kind, op.payload),
    state: op.state,
    batchId: op.batchId,
    codes: op.codes,
    requestCounts: op.requestCounts,
    failures: tally.failed,
    applied: tally.applied,
    present: tally.present,
    deadReason: op.deadReason,
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
    projectId: op.project,
    projectName: op.project === null ? null : (names.get(op.project) ?? null),
  };
}

// Only what a person needs to act on: the service's message, details and request id.
function requestView(request: RequestRecord): RequestView {
  const e = request.lastError;
  return {
    idx: request.idx,
    state: request.state,
    codes: request.codes,
    bytes: request.bytes,
    attempts: request.attempts,
    code: request.code,
    asyncActionId: request.asyncActionId,
    lastError: e
      ? {
          message: e.message,
          ...(e.details ? { details: e.details } : {}),
          ...(e.request_id ? { request_id: e.request_id } : {}),
          ...(e.status !== undefined ? { status: e.status } : {}),
          ...(e.key ? { key: e.key } : {}),
        }
      : null,
  };
}

/** Queueing and the outbox's operations, for the Outbox view and the queue buttons elsewhere. */
export function outboxHandlers(library: () => Promise<LibraryServices>, connection: Connection): OutboxHandlers {
  const outbox = async (): Promise<Outbox> => (await library()).outbox;
  const names = async (): Promise<Map<string, string>> => new Map((await connection.projects.list()).map((p) => [p.id, p.name]));
  const view = async (op: Promise<OperationRecord>): Promise<OperationView> => operationView(await outbox(), await op, await names());
  const projectOf = async (projectId: string | undefined): Promise<string> => (await connection.project(projectId)).id;
  // The file's path stays in the message, as in a request's last error: it is what the user restores or removes.
  const queuedView = async (queued: Promise<Queued>): Promise<QueuedView> => {
    const { op, needsAttention } = await queued;
    return {
      ...operationView(await outbox(), op, await names()),
      needsAttention: needsAttention.map(({ operation, request, message }) => ({ operation, request, message })),
    };
  };

  return {
    'outbox.queueBatch': async ({ batchId, operation, campaignId, webhooksEnable, dropValues, categoryId, projectId }) => {
      const project = await projectOf(projectId);
      const lib = await library();
      const ctx = { library: lib.db, outbox: lib.outbox, project };
      if (operation === 'add-to-campaign')
        return queuedView(
          queueAddToCampaign(ctx, String(batchId), campaignId ?? '', { dropValues: dropValues === true, ...(categoryId !== undefined && { categoryId }) }),
        );
      const format = operation === 'import-json' ? 'json' : operation === 'import' ? 'csv-when-fits' : 'csv';
      return queuedView(queueImportPacked(ctx, String(batchId), { format, ...(webhooksEnable === undefined ? {} : { webhooksEnable }) }));
    },
    'outbox.droppedValues': async ({ batchId }) => {
      const lib = await library();
      const dropped = await campaignDroppedValues({ library: lib.db, outbox: lib.outbox }, String(batchId));
      return dropped.map((d) => ({ field: d.field, example: JSON.stringify(d.example), rows: d.rows }));
    },
    'outbox.queueReward': async ({ request, projectId }) => {
      const project = await projectOf(projectId);
      return view(queueReward(await outbox(), request, project));
    },
    'outbox.queueDelete': async ({ codes, force, projectId }) => {
      const project = await projectOf(projectId);
      return queuedView(queueDelete(await outbox(), codes, force, project));
    },
    'outbox.dryRun': async ({ projectId }) => {
      const project = await connection.project(projectId);
      const views = await connection.views();
      const view = views.find((p) => p.id === project.id) as (typeof views)[number];
      return { ...dryRun(await outbox(), project, true), project: view };
    },
    'outbox.list': async () => {
      const box = await outbox();
      const tallies = box.tallies();
      const named = await names();
      return box.operations().map((op) => operationView(box, op, named, tallies.get(op.id)));
    },
    'outbox.requests': async ({ opId }) => (await outbox()).requests(opId).map(requestView),
    'outbox.failures': async ({ opId, offset, limit }) => {
      const all = (await outbox()).failures(opId);
      return { total: all.length, failures: all.slice(offset, offset + limit).map(({ idx, row, code, reason }) => ({ idx, row, code, reason })) };
    },
    'outbox.present': async ({ opId, offset, limit }) => {
      const all = (await outbox()).present(opId);
      return { total: all.length, codes: all.slice(offset, offset + limit).map(({ idx, row, code, reason }) => ({ idx, row, code, reason })) };
    },
    'outbox.retry': async ({ opId }) => view((await outbox()).retry(opId)),
    'outbox.cancel': async ({ opId }) => view((await outbox()).cancel(opId)),
  };
}
