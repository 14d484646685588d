import type { CodeFailure, OperationRecord } from '../../outbox/records';
import { lastErrorNote } from '../../../shared/outbox/last-error-text';
import { tallyText } from '../../../shared/operations/all';
import { describeOperation } from '../../../shared/operations/all';
import { type Command, type GroupCommands, UsageError, positional } from '../command';
import { count, table } from '../format';
import { readProjectsFile } from '../../projects/project-file';
import { withOutbox, withOutboxReads } from './outbox-access';

function opId(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`<operation> must be an operation id (a number), got "${text}"`);
  return Number(text);
}

function progressText(op: OperationRecord): string {
  const c = op.requestCounts;
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  return `${c.done + c.failed}/${total}`;
}

/** Project names by id, as projects.json holds them (read as it is: listing stays as quick as before). */
function projectNames(dataDir: string): Map<string, string> {
  return new Map((readProjectsFile(dataDir)?.projects ?? []).map((p) => [p.id, p.name]));
}

/** The table's columns, the project by its name. */
const columns = (names: ReadonlyMap<string, string>) => [
  { header: 'ID', value: (op: OperationRecord) => op.id },
  { header: 'PROJECT', value: (op: OperationRecord) => (op.project === null ? '-' : (names.get(op.project) ?? op.project)) },
  { header: 'KIND', value: (op: OperationRecord) => op.kind },
  { header: 'STATE', value: (op: OperationRecord) => op.state },
  { header: 'WHAT', value: (op: OperationRecord) => describeOperation(op.kind, op.payload) },
  { header: 'CODES', value: (op: OperationRecord) => op.codes },
  { header: 'REQUESTS', value: (op: OperationRecord) => progressText(op) },
  { header: 'WAITS FOR', value: (op: OperationRecord) => op.dependsOn.join(',') },
  { header: 'QUEUED', value: (op: OperationRecord) => op.createdAt },
];

const list: Command = {
  name: 'list',
  brief: true,
  usage: '',
  summary: 'the queued operations of every project and their state (the default); --project shows one project',
  async run(ctx, args) {
    const only = typeof args.values['project'] === 'string' ? await ctx.project() : undefined;
    const names = projectNames(ctx.dataDir);
    return withOutboxReads(ctx, async (outbox) => {
      const ops = outbox.operations({ project: only?.id });
      const dead = ops.filter((op) => op.state === 'dead_letter').map((op) => `Operation ${op.id} cannot be read and is kept aside: ${op.deadReason}\n`);
      return { data: ops, text: ops.length === 0 ? 'The outbox is empty.\n' : table(ops, columns(names)) + dead.join('') };
    });
  },
};

const show: Command = {
  name: 'show',
  brief: true,
  usage: '<operation>',
  summary:
    "one operation: what this sync created, codes already on the service, every per-code failure with its reason, and each request's state and last error",
  run: (ctx, args) =>
    withOutbox(ctx, async (outbox) => {
      // The report reads request bodies (node:crypto): loaded by the commands that show one, not by `list`.
      const report = (await import('../../outbox/report')).operationReport(outbox, opId(positional(args, 0, 'operation')));
      const requestTable = table(report.requests, [
        { header: 'REQUEST', value: (c) => c.idx + 1 },
        { header: 'STATE', value: (c) => c.state },
        { header: 'CODES', value: (c) => c.codes },
        { header: 'ATTEMPTS', value: (c) => c.attempts },
        { header: 'JOB', value: (c) => c.asyncActionId },
        { header: 'LAST ERROR', value: (c) => lastErrorNote(c.state, c.lastError)?.text ?? '' },
      ]);
      const codeTable = (notes: CodeFailure[]) =>
        table(notes, [
          { header: 'ROW', value: (f) => f.row },
          { header: 'CODE', value: (f) => f.code },
          { header: 'REASON', value: (f) => f.reason },
        ]);
      const present =
        report.present.length === 0 ? '' : `${count(report.present.length, 'code')} already on the service before this sync:\n${codeTable(report.present)}`;
      const failures = report.failures.length === 0 ? 'No code failed.\n' : `${count(report.failures.length, 'code')} failed:\n${codeTable(report.failures)}`;
      const op = report.operation;
      const project = op.project === null ? 'no project' : `project ${projectNames(ctx.dataDir).get(op.project) ?? op.project}`;
      const head = `Operation ${op.id} (${op.kind}, ${describeOperation(op.kind, op.payload)}, ${project}): ${op.state}; ${tallyText(op.kind, report.tally)}\n`;
      return { data: report, text: `${head}${requestTable}${present}${failures}` };
    }),
};

const cancel: Command = {
  name: 'cancel',
  usage: '<operation>',
  summary: 'cancel what was not sent yet, say which codes already exist on the service, and unfreeze the batch',
  run: (ctx, args) =>
    withOutbox(
      ctx,
      async (outbox) => {
        const report = await (await import('../../outbox/report')).cancelOperation(outbox, opId(positional(args, 0, 'operation')));
        const lines = [`Cancelled operation ${report.operation.id}: ${count(report.notSent, 'code')} not sent.`];
        const list = (codes: string[]) => (codes.length > 20 ? `${codes.slice(0, 20).join(', ')}, ... (${codes.length} in all)` : codes.join(', '));
        if (report.existingCodes.length > 0) lines.push(`Already on the service: ${list(report.existingCodes)}`);
        if (report.arrivingCodes.length > 0) lines.push(`Accepted by the service and still being imported (cannot be stopped): ${list(report.arrivingCodes)}`);
        if (report.uncertainCodes.length > 0) lines.push(`Sent when the app stopped; the next sync checks them: ${list(report.uncertainCodes)}`);
        for (const u of report.unlisted) {
          lines.push(`Request ${u.idx + 1} (${u.state}, ${count(u.codes, 'code')}): its codes cannot be listed, because ${u.file} ${u.problem}.`);
        }
        return { data: report, text: `${lines.join('\n')}\n` };
      },
      { batchRows: true },
    ),
};

const retry: Command = {
  name: 'retry',
  usage: '<operation>',
  summary: 'try again the requests of an operation that need attention',
  run: (ctx, args) =>
    withOutbox(
      ctx,
      async (outbox) => {
        const op = await outbox.retry(opId(positional(args, 0, 'operation')));
        return { data: op, text: `Operation ${op.id} will be tried again at the next sync.\n` };
      },
      { batchRows: true },
    ),
};

export const outboxCommands: GroupCommands = {
  commands: [list, show, cancel, retry],
  defaultCommand: 'list',
};
