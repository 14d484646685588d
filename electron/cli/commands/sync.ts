import { createClient } from '../../../shared/api';
import type { DryRunPlan } from '../../../shared/outbox/dry-run';
import { SyncEngine, type EngineStatus } from '../../sync/engine';
import { dryRun } from '../../sync/dry-run';
import type { SyncProgress } from '../../sync/progress';
import { resolveSyncTarget, type SyncTarget } from '../../sync/target';
import type { Outbox } from '../../outbox/outbox';
import type { ApiKeyPair } from '../../secrets/secret-store';
import { type CliContext, type Command, type GroupCommands, stringOption, typedTarget } from '../command';
import { count, progressBar, table } from '../format';
import { withOutbox } from './outbox-access';

const TARGET_KEY = 'target';

function chooseTarget(outbox: Outbox, given: string | undefined): SyncTarget {
  if (given !== undefined) return typedTarget(given, resolveSyncTarget);
  const text = outbox.syncState(TARGET_KEY);
  if (text === undefined) throw new Error('Say where to sync: --target eu|us|as, a dedicated cluster URL, or the sandbox URL (remembered for next time)');
  return resolveSyncTarget(text);
}

function planText(plan: DryRunPlan): string {
  if (plan.operations.length === 0) return `Nothing to send to ${plan.target}: the outbox has no open operation.\n`;
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
    `${count(plan.requests, 'request')}, ${count(plan.codes, 'code')}, ${plan.bytes.toLocaleString('en-US')} bytes.\n` +
    `API calls: ${c.writes} writes + ${c.polls} looks at import jobs + ${c.reconcile} checks of uncertain requests + ${c.tokens} token(s) = ${c.total}.\n${updates}${plan.message}\n`
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
      : `${c.done.toLocaleString('en-US')} codes done by this sync, ${c.present.toLocaleString('en-US')} already on the service before it, ` +
        `${c.failed.toLocaleString('en-US')} failed, of ${c.total.toLocaleString('en-US')}`;
  return `${work}${jobsText(p)}; ${p.requests} requests${rate}`;
}

/** The service's work on the jobs in flight, e.g. "; jobs: 41,000 of 100,000 codes, 25,300 codes/s, about 2 s left". */
function jobsText(p: SyncProgress): string {
  const jobs = p.jobs;
  if (!jobs || jobs.inFlight === 0) return '';
  const pace = jobs.codesPerSecond === undefined ? '' : `, ${jobs.codesPerSecond.toLocaleString('en-US')} codes/s`;
  const left = jobs.secondsLeft === undefined ? '' : `, about ${Math.ceil(jobs.secondsLeft)} s left`;
  return `; jobs: ${jobs.processedInFlight.toLocaleString('en-US')} of ${jobs.inFlight.toLocaleString('en-US')} codes${pace}${left}`;
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

/** The target's key pair from the keychain; a missing one is an error saying how to store it. */
async function readKeys(ctx: CliContext, target: SyncTarget): Promise<ApiKeyPair> {
  const pair = await ctx.secrets().get(target.keyName);
  if (!pair) throw new Error(`No API key is stored for ${target.keyName}; store it with \`voucher-desk keys set ${target.keyName} --app-id <id>\``);
  return pair;
}

async function runSync(ctx: CliContext, outbox: Outbox, target: SyncTarget, pair: ApiKeyPair): Promise<{ status: EngineStatus; progress: SyncProgress }> {
  const client = createClient({ target: target.target, auth: { type: 'oauth', ...pair, scopes: ['vouchers', 'async-actions', 'campaigns', 'rewards'] } });
  const bar = progressBar('sync', ctx.io.err, ctx.io.stderrIsTty && !ctx.json);
  let lastLine = 0;
  let lastSeen = 0;
  const engine = new SyncEngine({
    outbox,
    client,
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
  summary: 'send the queued operations to the target, with live progress (the default); --dry-run only shows the plan',
  options: {
    target: { type: 'string', description: 'eu, us, as, a dedicated cluster URL or the sandbox URL (remembered)' },
    'dry-run': { type: 'boolean', description: 'show requests, codes, bytes and API calls against the rate budget; send nothing' },
  },
  run: (ctx, args) => {
    const dryRunOnly = args.values['dry-run'] === true;
    const given = stringOption(args, 'target');
    // A target on the command line names its key pair, so the keychain is read (its own thread and
    // D-Bus round trip) while the outbox opens; a remembered target is known only once it is open.
    const early = given !== undefined && !dryRunOnly ? readKeys(ctx, typedTarget(given, resolveSyncTarget)) : undefined;
    // Marked handled here: when the outbox fails to open first, that error is the one reported.
    void early?.catch(() => undefined);
    return withOutbox(ctx, async (outbox) => {
      const target = chooseTarget(outbox, given);
      if (dryRunOnly) {
        const plan = dryRun(outbox, target.label, true);
        return { data: plan, text: planText(plan) };
      }
      // A durable write before the first request only when the remembered target changes.
      if (outbox.syncState(TARGET_KEY) !== target.keyName) await outbox.setSyncState(TARGET_KEY, target.keyName);
      const { status, progress } = await runSync(ctx, outbox, target, await (early ?? readKeys(ctx, target)));
      const ops = outbox.operations().filter((op) => op.state !== 'done');
      const summary = `${statusText(status)}\n${progressLine(progress)}; tokens minted: ${progress.tokensMinted}\n`;
      if (status.state === 'paused') throw new Error(summary.trimEnd());
      const open =
        ops.length > 0
          ? table(ops, [
              { header: 'ID', value: (op) => op.id },
              { header: 'KIND', value: (op) => op.kind },
              { header: 'STATE', value: (op) => op.state },
            ]) + 'See its codes (already there, failed) with `voucher-desk outbox show <id>`.\n'
          : '';
      return { data: { status, progress }, text: summary + open };
    });
  },
};

export const syncCommands: GroupCommands = {
  commands: [run],
  defaultCommand: 'run',
};
