// The soak: a large sync with every kind of write, SIGKILLed at random moments while the sandbox
// injects random faults, then finished undisturbed and checked against the sandbox's own records.
// Seeded and bounded: `npm run soak -- --seed 7 --max-seconds 360` (see options.ts for the rest).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/server';
import { Checks } from './checks';
import { SyncChildren } from './children';
import { Dice } from './dice';
import { GATEWAY_FAULTS, NETWORK_FAULTS, faultsForRun, type SoakFault } from './fault-plan';
import { parseOptions, type SoakOptions } from './options';
import { prepare, type Queued } from './prepare';
import { readServiceState } from './service-state';
import { checkOutbox } from './verify-outbox';
import { checkRequests, faultsApplied } from './verify-requests';
import { checkService } from './verify-service';

/** A kill comes this long after the child is ready: from mid-recovery to deep into the sending. */
const KILL_AFTER_MS = { min: 50, max: 1_500 } as const;

const count = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

interface Disturbed {
  runs: number;
  kills: number;
  armed: Map<SoakFault, number>;
  finalState: string;
  /** Wall time of the killed runs, and of the last one. */
  killedMs: number;
  lastMs: number;
}

/** Runs sync children, each killed at a random moment with faults armed at another, then one to the end. */
async function disturb(o: SoakOptions, sb: RunningSandbox, children: SyncChildren, args: string[], dice: Dice, deadline: number): Promise<Disturbed> {
  const out: Disturbed = { runs: 0, kills: 0, armed: new Map(), finalState: '', killedMs: 0, lastMs: 0 };
  const started = Date.now();
  const remaining = (): number => Math.max(1, deadline - Date.now());
  const kinds = o.gatewayFaults ? [...NETWORK_FAULTS, ...GATEWAY_FAULTS] : NETWORK_FAULTS;
  while (out.kills < o.kills) {
    const faults = faultsForRun(kinds, dice);
    const killAfterMs = dice.between(KILL_AFTER_MS.min, KILL_AFTER_MS.max);
    // Faults armed in one run and not yet applied stay armed into the next runs until new ones
    // replace them: a fault aimed at one kind of write waits for it, across kills.
    const run = await children.run(args, {
      killAfterMs,
      armAfterMs: dice.int(Math.ceil(killAfterMs / 2)),
      arm: () => {
        sb.setFaults(faults.settings);
        for (const kind of faults.kinds) out.armed.set(kind, (out.armed.get(kind) ?? 0) + 1);
      },
      deadlineMs: remaining(),
    });
    out.runs += 1;
    if (sb.stats().requests > o.maxRequests) throw new Error(`the sandbox saw ${sb.stats().requests} requests, over --max-requests ${o.maxRequests}`);
    if (run.killed) out.kills += 1;
    else if (run.state === 'finished') break;
  }
  out.killedMs = Date.now() - started;
  sb.setFaults({});
  const last = await children.run(args, { deadlineMs: remaining() });
  out.runs += 1;
  out.finalState = last.state;
  out.lastMs = last.ms;
  return out;
}

function describeQueue(q: Queued): string {
  return [
    `${count(q.json.codes.length)} codes by JSON import in ${q.json.requests} requests`,
    `${count(q.csv.codes.length)} by CSV import in ${q.csv.requests}`,
    `${q.campaign.codes.length} added to ${q.campaign.id}`,
    `${q.deletes.reduce((n, d) => n + d.codes.length, 0)} deleted`,
    '1 reward',
  ].join(', ');
}

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const deadline = started + o.maxSeconds * 1_000;
  const dice = new Dice(o.seed);
  const dir = mkdtempSync(join(tmpdir(), 'vd-soak-'));
  const dataDir = join(dir, 'data');
  const dataFile = join(dir, 'sandbox.db');
  const checks = new Checks();
  let sb: RunningSandbox | undefined;
  let children: SyncChildren | undefined;
  // A hang anywhere (a child, the sandbox closing, a check) still ends the soak, as a failure.
  setTimeout(() => {
    console.log(`soak: past the time bound of ${o.maxSeconds} s\n${checks.passed} passed, ${checks.failed + 1} failed`);
    children?.dispose();
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }, o.maxSeconds * 1_000).unref();
  try {
    sb = await startSandbox({ dataFile });
    const before = await readServiceState(dataFile);
    const queued = await prepare(dataDir, o, dice.fork());
    console.log(`soak: seed ${o.seed}; ${describeQueue(queued)}; queued in ${seconds(Date.now() - started)}`);
    children = SyncChildren.build();
    const args = [dataDir, sb.urls[sb.hostCluster], sb.credentials.appId, sb.credentials.appToken];
    let disturbed: Disturbed | undefined;
    try {
      disturbed = await disturb(o, sb, children, args, dice.fork(), deadline);
    } catch (error) {
      checks.check('sync runs', false, (error as Error).message);
    }
    const requests = sb.stats().requests;
    const log = sb.requestLog();
    await sb.close();
    sb = undefined;
    const after = await readServiceState(dataFile);
    if (disturbed) {
      const listed = (m: Map<string, number>): string => [...m].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
      console.log(`  runs ${disturbed.runs}, SIGKILLs ${disturbed.kills} in ${seconds(disturbed.killedMs)}, last run ${seconds(disturbed.lastMs)}; requests ${count(requests)}`);
      console.log(`  faults armed in runs: ${listed(disturbed.armed)}; applied to requests: ${listed(faultsApplied(log))}`);
      checks.check('SIGKILLs', disturbed.kills >= o.kills, `${disturbed.kills} of ${o.kills} wanted`);
      checks.check('last sync finished', disturbed.finalState === 'finished', disturbed.finalState || 'killed');
    }
    console.log('checks on the sandbox:');
    checkService(checks, queued, before, after);
    checkRequests(checks, queued, log);
    console.log("checks on the app's outbox report:");
    await checkOutbox(checks, dataDir, queued, after);
    const wall = Date.now() - started;
    checks.check('time bound', wall <= o.maxSeconds * 1_000, `${seconds(wall)} of ${o.maxSeconds} s`);
  } finally {
    await sb?.close();
    children?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(checks.summary());
  return checks.failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`soak: ${error.message}`);
    process.exit(2);
  },
);
