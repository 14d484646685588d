// Invariants on the sandbox's own records: every queued write carried out exactly once.
import { OPERATION_MARKER_KEY } from '../../shared/operations/marker';
import type { Checks } from './checks';
import type { Dice } from './dice';
import type { Queued, QueuedImport } from './prepare';
import type { ServiceState } from './service-state';

/** Imported codes looked up one by one besides each request's first and last (the counts cover the rest). */
const SAMPLE = 2_000;

const count = (n: number): string => n.toLocaleString('en-US');

/** The codes to look up on the service: every campaign and deleted code, and a sample of the imported ones. */
export function codesToProbe(q: Queued, dice: Dice): string[] {
  const imported = [...q.json.codes, ...q.csv.codes];
  return [...new Set([...q.json.edges, ...q.csv.edges, ...dice.sample(imported, SAMPLE), ...q.campaign.codes, ...q.deletes.flatMap((d) => d.codes)])];
}

function checkImportJobs(c: Checks, label: string, type: string, queued: QueuedImport, before: ServiceState, after: ServiceState): void {
  const old = new Set(before.jobs.map((job) => job.id));
  const jobs = after.jobs.filter((job) => job.type === type && !old.has(job.id));
  c.check(`${label} import: one job per request`, jobs.length === queued.requests, `${jobs.length} job(s) on the service for ${queued.requests} request(s)`);
  c.none(
    `${label} import: every job done`,
    jobs.filter((job) => job.status !== 'DONE').map((job) => `${job.id} ${job.status}`),
    'all DONE',
  );
  const created = jobs.reduce((n, job) => n + (job.result?.done_count ?? 0), 0);
  c.check(
    `${label} import: codes carried out once`,
    created === queued.codes.length,
    `jobs carried out ${count(created)} code(s) for ${count(queued.codes.length)} queued`,
  );
  const failed = jobs.flatMap((job) => (job.result?.failed ?? []).map((f) => `${f.code} (${f.reason})`));
  c.none(`${label} import: no code refused by a job`, failed, 'no failed code in any job');
}

export function checkService(c: Checks, q: Queued, before: ServiceState, after: ServiceState): void {
  const deleted = new Set(q.deletes.flatMap((d) => d.codes));
  const imported = [...after.probed.keys()].filter((code) => !deleted.has(code) && !q.campaign.codes.includes(code));
  c.none(
    'imported codes on the service, outside campaigns',
    imported.filter((code) => after.probed.get(code) !== null),
    `all ${count(imported.length)} looked up are there`,
  );
  c.none(
    'campaign codes in the campaign',
    q.campaign.codes.filter((code) => after.probed.get(code) !== q.campaign.id),
    `all ${count(q.campaign.codes.length)} in ${q.campaign.id}`,
  );
  c.none(
    'deleted codes gone',
    [...deleted].filter((code) => after.probed.get(code) !== undefined),
    `all ${deleted.size} gone`,
  );
  const binned = q.deletes.filter((d) => !d.force).reduce((n, d) => n + d.codes.length, 0);
  const intoBin = after.vouchersInBin - before.vouchersInBin;
  c.check('deleted codes in the bin once (none when forced)', intoBin === binned, `${intoBin} moved to the bin, ${binned} deleted without force`);
  const expected = q.json.codes.length + q.csv.codes.length - deleted.size + q.campaign.codes.length;
  const added = after.vouchers - before.vouchers;
  c.check(
    'every queued code there, no other',
    added === expected,
    `${count(after.vouchers)} vouchers = ${count(before.vouchers)} seeded + ${count(added)}, ${count(expected)} expected`,
  );

  checkImportJobs(c, 'JSON', 'VOUCHERS.IMPORT', q.json, before, after);
  checkImportJobs(c, 'CSV', 'VOUCHERS.IMPORT_CSV', q.csv, before, after);

  const marked = after.rewards.filter((r) => r.metadata?.[OPERATION_MARKER_KEY] === q.reward.marker);
  c.check('reward created once', marked.length === 1 && marked[0]?.name === q.reward.name, `${marked.length} reward(s) with the marker`);
  c.check('no other reward', after.rewards.length === before.rewards.length + 1, `${after.rewards.length} rewards, ${before.rewards.length} seeded`);
}
