import type { VoucherClient } from '../../../shared/api';
import { projectLabel, type Project } from '../../../shared/domain/project';
import type { DryRunPlan } from '../../../shared/outbox/dry-run';
import type { EngineStatus } from '../../sync/engine';
import { dryRun } from '../../sync/dry-run';
import type { SyncProgress } from '../../sync/progress';
import type { Outbox } from '../../outbox/outbox';
import { type CliContext, type Command, type GroupCommands } from '../command';
import { count, progressBar, table } from '../format';
import { TARGET_OPTION, clientFor, projectFor } from '../project-client';
import { withOutbox, withOutboxReads } from './outbox-access';
import { thousands } from '../../../shared/domain/thousands';

const SYNC_SCOPES = ['vouchers', 'async-actions', 'campaigns', 'rewards'] as const;

function planText(plan: DryRunPlan): string {
  if (plan.operations.length === 0) return `Nothing to send to ${plan.target}: the outbox has no open operation for this project.\n`;
  const ops = table(plan.operations, [
    { header: 'ID', value: (op) => op.id },
    { header: 'KIND', value: (op) => op.kind },
    { header: 'WHAT', value: (op) => op.label },
    { header: 'REQUESTS', value: (op) => op.requests },
    { header: 'CODES', value: (op) => op.codes },
    { header: 'BYTES', value: (op) => op.bytes },
  ]);
  const c = plan.calls;
  const updates = plan.operations.some((op) => op.kind === 'import-csv')
    ? 'CSV imports (import-csv) UPDATE codes already on the service to the batch rows; `queue import --refuse-existing` queues JSON, which refuses them.\n'
    : '';
  return (
    `Dry run: nothing was sent. Target: ${plan.target}\n${ops}` +
    `${count(plan.requests, 'request')}, ${count(plan.codes, 'code')}, ${thousands(plan.bytes)} bytes.\n` +
    `API calls: ${c.writes} writes + ${c.looks} looks at import jobs + ${c.reconcile} checks of uncertain requests + ${c.tokens} token(s) = ${c.total}.\n${updates}${plan.message}\n`
  );
}

function progressLine(p: SyncProgress): string {
  const rate = p.rate ? `, ${p.rate.remaining}/${p.rate.limit} calls left` : '';
  const c = p.codes;
  // Rewards carry no codes: a run of only those is told in operations, not as "0 codes of 0".
  const work =
    c.total === 0
      ? `${p.operations.done} of ${count(
          Object.values(p.operations).reduce((a, b) => a + b, 0),
          'operation',
        )} done by this sync (no codes)`
      : `${thousands(c.done)} codes done by this sync, ${thousands(c.present)} already on the service before it, ` +
        `${thousands(c.failed)} failed, of ${thousands(c.total)}`;
  return `${work}${jobsText(p)}; ${p.requests} requests${rate}`;
}

/** The service's work on the jobs in flight, e.g. "; jobs: 41,000 of 100,000 codes, 25,300 codes/s, about 2 s left". */
function jobsText(p: SyncProgress): string {
  const jobs = p.jobs;
  if (!jobs || jobs.inFlight === 0) return '';
  const pace = jobs.codesPerSecond === undefined ? '' : `, ${thousands(jobs.codesPerSecond)} codes/s`;
  const left = jobs.secondsLeft === undefined ? '' : `, about ${Math.ceil(jobs.secondsLeft)} s left`;
  return `; jobs: ${thousands(jobs.processedInFlight)} of ${thousands(jobs.inFlight)} codes${pace}${left}`;
}

function statusText(status: EngineStatus): string {
  switch (status.state) {
    case 'paused':
      return `Sync paused (${status.reason}): ${status.message}\nEvery operation is kept; fix the cause and run \`voucher-desk sync\` again.`;
    case 'stopped':
      return 'Sync stopped; run `voucher-desk sync` again to carry on where it stopped.';
    default:
      return 'Sync finished.';
  }
}

/**
 * A sync that writes to a production project goes ahead only when the person typed the project's name
 * (on a terminal) or passed --yes; anything else sends nothing.
 */
async function confirmProduction(ctx: CliContext, project: Project, plan: DryRunPlan, yes: boolean): Promise<void> {
  if (project.kind !== 'production' || plan.requests === 0 || yes) return;
  const what =
    `This sync writes to the PRODUCTION project ${projectLabel(project)}: ${count(plan.operations.length, 'operation')}, ` +
    `${count(plan.requests, 'request')}, ${count(plan.codes, 'code')} (${plan.operations.map((op) => `#${op.id} ${op.kind} ${op.label}`).join('; ')}).`;
  if (!ctx.io.stdinIsTty) {
    throw new Error(`${what}\nNothing was sent: confirm on a terminal by typing the project's name, or pass --yes (see the plan with --dry-run).`);
  }
  const typed = (await ctx.io.readLine(`${what}\nType the project's name (${project.name}) to send it: `)).trim();
  if (typed !== project.name) throw new Error(`"${typed}" is not the project's name; nothing was sent.`);
}

async function runSync(ctx: CliContext, outbox: Outbox, project: Project, client: VoucherClient): Promise<{ status: EngineStatus; progress: SyncProgress }> {
  const bar = progressBar('sync', ctx.io.err, ctx.io.stderrIsTty && !ctx.json);
  let lastLine = 0;
  let lastSeen = 0;
  // Loaded only for a real sync: `--dry-run` answers from the outbox without the engine and its client.
  const { SyncEngine } = await import('../../sync/engine');
  const engine = new SyncEngine({
    outbox,
    client,
    project: project.id,
    onEvent: (event) => {
      if (event.type !== 'progress') return;
      // The engine reports far more often than anyone can read; the last figures come from
      // engine.progress() at the end, so this keeps at most ten a second.
      const now = Date.now();
      if (now - lastSeen < 100) return;
      lastSeen = now;
      const p = event.progress;
      bar.update(p.codes.done + p.codes.present + p.codes.failed + (p.jobs?.processedInFlight ?? 0), p.codes.total, progressLine(p));
      if (!ctx.io.stderrIsTty && !ctx.json && now - lastLine >= 1000) {
        lastLine = now;
        ctx.io.err(`${progressLine(p)}\n`);
      }
    },
  });
  const stop = (): void => void engine.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const status = await engine.run();
    bar.finish();
    return { status, progress: engine.progress() };
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

const run: Command = {
  name: 'run',
  usage: '',
  summary: "send the project's queued operations to it, with live progress (the default); --dry-run only shows the plan",
  options: {
    ...TARGET_OPTION,
    'dry-run': { type: 'boolean', description: "show requests, codes, bytes and API calls against the project's rate budget; send nothing" },
    yes: { type: 'boolean', description: 'write to a production project without typing its name (for scripts)' },
  },
  async run(ctx, args) {
    const project = await projectFor(ctx, args);
    if (args.values['dry-run'] === true) {
      // A plan only reads: from the outbox's listing while it holds, and no key is read.
      return withOutboxReads(ctx, async (outbox) => {
        const plan = dryRun(outbox, project, true);
        return { data: { ...plan, project: project.name }, text: planText(plan) };
      });
    }
    // The keychain is read (its own thread and D-Bus round trip) while the outbox opens.
    const early = clientFor(ctx, project, SYNC_SCOPES);
    // Marked handled here: when the outbox fails to open first, that error is the one reported.
    void early.catch(() => undefined);
    return withOutbox(
      ctx,
      async (outbox) => {
        const plan = dryRun(outbox, project, true);
        await confirmProduction(ctx, project, plan, args.values['yes'] === true);
        if (plan.requests > 0 && !ctx.json) ctx.io.err(`Syncing ${projectLabel(project)}. ${plan.message}\n`);
        const { status, progress } = await runSync(ctx, outbox, project, await early);
        const ops = outbox.operations({ project: project.id }).filter((op) => op.state !== 'done');
        const summary = `${statusText(status)}\n${progressLine(progress)}; tokens minted: ${progress.tokensMinted}\nProject: ${projectLabel(project)}.\n`;
        if (status.state === 'paused') throw new Error(summary.trimEnd());
        const open =
          ops.length > 0
            ? table(ops, [
                { header: 'ID', value: (op) => op.id },
                { header: 'KIND', value: (op) => op.kind },
                { header: 'STATE', value: (op) => op.state },
              ]) + 'See its codes (already there, failed) with `voucher-desk outbox show <id>`.\n'
            : '';
        return { data: { status, progress, project: project.name }, text: summary + open };
      },
      { batchRows: true },
    );
  },
};

export const syncCommands: GroupCommands = {
  commands: [run],
  defaultCommand: 'run',
};
