// The soak: a large sync with every kind of write, SIGKILLed at random moments while the sandbox
// injects random faults, then finished undisturbed and checked against the sandbox's own records.
// Seeded and bounded: `npm run soak -- --seed 7 --max-seconds 360` (see options.ts for the rest).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../electron/local-service/server';
import { Checks } from './checks';
import { SyncChildren } from './children';
import { Dice } from './dice';
import { GATEWAY_FAULTS, NETWORK_FAULTS, faultsForRun } from './fault-plan';
import { USAGE, parseOptions, type SoakOptions } from './options';
import { prepare, type Queued } from './prepare';
import { readServiceState } from './service-state';
import { checkOutbox } from './verify-outbox';
import { checkRequests, faultsApplied } from './verify-requests';
import { checkService, codesToProbe } from './verify-service';

/**
 * A killed run ends shortly (0-60 ms) after it starts its 1st-4th write, or its 1st-10th read (most
 * of them while it recovers from the kill before), or at a time cap when it sends nothing (waiting
 * on a job). Counting requests rather than time keeps the share of the sync done under kills the
 * same on a fast or a slow machine: 30 runs of at most 4 writes cannot finish it. A run aimed at a
 * read is killed at its 4th write too: else one that met few reads sent every write left, and on a
 * fast machine the sync could finish before its 30th kill (seen: 17).
 */
const KILL = { writeShare: 0.7, maxWrite: 4, maxRead: 10, maxDelayMs: 60, capMs: { min: 1_000, max: 5_000 } } as const;

/** Codes a sandbox job handles per turn: small turns keep it answering requests while 250,000 codes import. */
const JOB_PORTION = 500;

const count = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const listed = (m: ReadonlyMap<string, number>): string => [...m].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
const bump = (m: Map<string, number>, key: string): void => void m.set(key, (m.get(key) ?? 0) + 1);

interface Disturbed {
  runs: number;
  kills: number;
  /** What each kill was aimed at: a write, a read, or the time cap. */
  killedAt: Map<string, number>;
  armed: Map<string, number>;
  finalState: string;
  /** Wall time of the killed runs, and of the last one. */
  killedMs: number;
  lastMs: number;
}

/** Runs sync children, each killed at a random request with faults armed as it starts, then one to the end. */
async function disturb(o: SoakOptions, sb: RunningSandbox, children: SyncChildren, args: string[], dice: Dice, deadline: number): Promise<Disturbed> {
  const out: Disturbed = { runs: 0, kills: 0, killedAt: new Map(), armed: new Map(), finalState: '', killedMs: 0, lastMs: 0 };
  const started = Date.now();
  const remaining = (): number => Math.max(1, deadline - Date.now());
  const kinds = o.gatewayFaults ? [...NETWORK_FAULTS, ...GATEWAY_FAULTS] : NETWORK_FAULTS;
  while (out.kills < o.kills) {
    const faults = faultsForRun(kinds, dice);
    const on = dice.chance(KILL.writeShare) ? 'write' : 'read';
    const kill = {
      on,
      at: dice.between(1, on === 'write' ? KILL.maxWrite : KILL.maxRead),
      delayMs: dice.int(KILL.maxDelayMs + 1),
      maxWrites: KILL.maxWrite,
      capMs: dice.between(KILL.capMs.min, KILL.capMs.max),
    } as const;
    // Faults armed in one run and not yet applied stay armed into the next runs until new ones
    // replace them: a fault aimed at one kind of write waits for it, across kills.
    const run = await children.run(args, {
      kill,
      onReady: () => {
        sb.setFaults(faults.settings);
        for (const kind of faults.kinds) bump(out.armed, kind);
      },
      deadlineMs: remaining(),
    });
    out.runs += 1;
    if (sb.stats().requests > o.maxRequests) throw new Error(`the sandbox saw ${sb.stats().requests} requests, over --max-requests ${o.maxRequests}`);
    if (run.killed) {
      out.kills += 1;
      bump(out.killedAt, run.killedAt === 'time' ? 'by time' : run.killedAt.startsWith('GET ') ? 'at a read' : 'at a write');
    } else if (run.state === 'finished') {
      break;
    }
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
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const o = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const deadline = started + o.maxSeconds * 1_000;
  const dice = new Dice(o.seed);
  const dir = mkdtempSync(join(tmpdir(), 'vd-soak-'));
  const dataDir = join(dir, 'data');
  const checks = new Checks();
  let sb: RunningSandbox | undefined;
  let children: SyncChildren | undefined;
  let figures: string;
  // A hang anywhere (a child, the sandbox closing, a check) still ends the soak, as a failure.
  setTimeout(() => {
    console.log(`soak: past the time bound of ${o.maxSeconds} s\n${checks.passed} passed, ${checks.failed + 1} failed`);
    children?.dispose();
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }, o.maxSeconds * 1_000).unref();
  try {
    sb = await startSandbox({ jobPortionSize: JOB_PORTION });
    const before = await readServiceState(sb, []);
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
    const after = await readServiceState(sb, codesToProbe(queued, dice.fork()));
    if (disturbed) {
      console.log(
        `  runs ${disturbed.runs}, SIGKILLs ${disturbed.kills} (${listed(disturbed.killedAt)}) in ${seconds(disturbed.killedMs)}, last run ${seconds(disturbed.lastMs)}; requests ${count(requests)}`,
      );
      console.log(`  faults armed in runs (each with 0-30 ms latency): ${listed(disturbed.armed)}; applied to requests: ${listed(faultsApplied(log))}`);
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
    const applied = faultsApplied(log);
    figures = [
      `soak figures: ${count(queued.json.codes.length + queued.csv.codes.length + queued.campaign.codes.length)} codes counted on the sandbox, ${count(after.probed.size)} looked up one by one`,
      `${disturbed?.kills ?? 0} SIGKILLs`,
      `${[...applied.values()].reduce((a, b) => a + b, 0)} faults applied (${listed(applied)})`,
      `${count(requests)} requests`,
      `wall ${seconds(wall)}`,
    ].join('; ');
  } finally {
    await sb?.close();
    children?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(figures);
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
