import { parseFlags, UsageError, wholeNumberFlag } from '../command-line/flags';
import { DEFAULT_PROJECT_NAME, projectSpecs } from './project-spec';
import { MAX_SEEDED_PUBLICATIONS } from './seed-history';
import { CLUSTERS, type Cluster, type SandboxOptions, type SandboxProjectOptions } from './types';

export const USAGE = `Usage: npm run sandbox -- [options]   (or: voucher-desk sandbox [options])

Runs the local sandbox of the promotion service on 127.0.0.1 until stopped (Ctrl+C).

Options:
  --port N                 port of the hosting cluster (the other clusters take N+1, N+2 when free;
                           the download clusters, which serve export files, N+3 to N+5)
  --cluster NAME           hosting cluster: api (default), us1.api or as1.api
  --project NAME:APP_ID:APP_TOKEN
                           a production project and its key pair; repeat it for several projects on
                           the one address (the key pair selects the project, as on the service).
                           NAME: 1 to 40 letters, digits, - or _
  --sandbox-project NAME:APP_ID:APP_TOKEN
                           the account's sandbox project, fixed at 100 API calls an hour
  --app-id ID              without --project: the key pair of the one project, named default
  --app-token TOKEN        (both generated when absent)
  --data FILE              keep the data in this sql.js file (in memory when absent); with several
                           projects the first keeps its data in FILE, project NAME in FILE.NAME
  --rate-limit N/min       allow N calls a minute (also N/hour) to each production project;
                           300,000 a month unless given
  --seed-publications N    seed each project with its own two-year history of N publications
                           (0 to 1,000,000) ending now, instead of the 30 default ones (a new project
                           only; --data keeps its own)
  --help                   show this text

Admin routes on every port (no auth; every field in docs/local-sandbox-service.md):
  POST /__sandbox/faults          {"gatewayNext":{"count":1,"status":504,"method":"POST","path":"/v1/vouchers/import"}}
                                  {"rateLimitNext":{"count":1,"retryAfterSeconds":30}}
                                  {"failNext":{"count":1,"status":503,"method":"DELETE","path":"/v1/vouchers"}}
                                  {"dropNext":{"count":1,"path":"/v1/rewards"}}
                                  {"stallNext":{"count":1,"ms":5000,"path":"/v1/campaigns"}}
                                  {"failExportNext":{"count":1}}   (the next export ends in ERROR)
                                  {"cutDownloadNext":{"count":1,"afterBytes":100}}   (a file cut short)
                                  also latencyMs, failRate, dropNextWrites, dropRate (every project)
  POST /__sandbox/publications    {"count":1000}   adds that many new publications, newest, as a live
                                  project gains them (?project=NAME: to NAME; up to 100,000 a call)
  GET  /__sandbox/requests        the last 200,000 API requests and what each got
                                  (?project=NAME: only those NAME's key pair or tokens signed)
  POST /__sandbox/keys/block      {"appId":"..."}   (and /__sandbox/keys/unblock; any project's key)
  GET  /__sandbox/stats           counters of the first project (?project=NAME: of NAME)`;

function parseRateLimit(text: string): NonNullable<SandboxOptions['rateLimit']> {
  const m = /^(\d+)\s*(?:\/\s*(min|minute|h|hour))?$/.exec(text.trim());
  const n = Number(m?.[1]);
  if (!m || !Number.isInteger(n) || n < 1) throw new UsageError(`--rate-limit must look like 100/min or 100/hour (got "${text}")`);
  return m[2] === 'h' || m[2] === 'hour' ? { perHour: n } : { perMinute: n };
}

/** The value of `--seed-publications` (also taken by `npm run web -- --sandbox`). */
export function parseSeedPublications(text: string): number {
  return wholeNumberFlag('seed-publications', text, 0, MAX_SEEDED_PUBLICATIONS);
}

const OPTIONS = {
  port: { type: 'string' },
  cluster: { type: 'string' },
  project: { type: 'string', multiple: true },
  'sandbox-project': { type: 'string', multiple: true },
  'app-id': { type: 'string' },
  'app-token': { type: 'string' },
  data: { type: 'string' },
  'rate-limit': { type: 'string' },
  'seed-publications': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

// The hosting cluster's port: the other two clusters take the next two.
const MAX_PORT = 65533;

/** One `--project`/`--sandbox-project` value; the error does not repeat it, as it holds a token. */
function parseProject(flag: string, text: string, sandboxProject: boolean): SandboxProjectOptions {
  const first = text.indexOf(':');
  const second = first < 0 ? -1 : text.indexOf(':', first + 1);
  const [name, appId, appToken] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  if (second < 0 || name === '' || appId === '' || appToken === '') {
    throw new UsageError(`--${flag} must be NAME:APP_ID:APP_TOKEN (the project's name, app id and app token, separated by ":"), each part not empty.`);
  }
  return sandboxProject ? { name, appId, appToken, sandboxProject } : { name, appId, appToken };
}

/** `--project` and `--sandbox-project` as SandboxOptions.projects; undefined when neither is given. */
function projectsOf(values: {
  project?: string[];
  'sandbox-project'?: string[];
  'app-id'?: string;
  'app-token'?: string;
}): SandboxProjectOptions[] | undefined {
  const production = (values.project ?? []).map((v) => parseProject('project', v, false));
  const sandbox = (values['sandbox-project'] ?? []).map((v) => parseProject('sandbox-project', v, true));
  if (sandbox.length > 1) throw new UsageError('--sandbox-project may be given once: an account has one sandbox project.');
  if (production.length === 0 && sandbox.length === 0) return undefined;
  const pair = values['app-id'] !== undefined || values['app-token'] !== undefined;
  if (production.length > 0 && pair) {
    throw new UsageError('--app-id and --app-token make the one project; with --project give each project its key pair as NAME:APP_ID:APP_TOKEN.');
  }
  // A sandbox project alone comes beside the default production project, as every account has one.
  const first = production.length > 0 ? production : [{ name: DEFAULT_PROJECT_NAME, appId: values['app-id'], appToken: values['app-token'] }];
  return [...first, ...sandbox];
}

/** Reads the sandbox command line with the CLI's flag reader; `help` is true when --help was asked. */
export function parseSandboxArgs(argv: readonly string[]): { options: SandboxOptions; help: boolean } {
  const { values } = parseFlags(argv, OPTIONS);
  if (values.help) return { options: {}, help: true };
  const options: SandboxOptions = {};
  if (values.port !== undefined) options.port = wholeNumberFlag('port', values.port, 0, MAX_PORT);
  if (values.cluster !== undefined) {
    const cluster = values.cluster;
    if (!(CLUSTERS as readonly string[]).includes(cluster)) throw new UsageError(`--cluster must be one of ${CLUSTERS.join(', ')} (got "${cluster}")`);
    options.cluster = cluster as Cluster;
  }
  const projects = projectsOf(values);
  if (projects) options.projects = projects;
  else {
    if (values['app-id'] !== undefined) options.appId = values['app-id'];
    if (values['app-token'] !== undefined) options.appToken = values['app-token'];
  }
  if (values.data !== undefined) options.dataFile = values.data;
  if (values['seed-publications'] !== undefined) options.seedPublications = parseSeedPublications(values['seed-publications']);
  if (values['rate-limit'] !== undefined) options.rateLimit = parseRateLimit(values['rate-limit']);
  try {
    // Names, duplicates and the like: refused here as wrong usage, before anything starts.
    projectSpecs(options);
  } catch (error) {
    throw new UsageError(`${projects ? '--project/--sandbox-project' : '--app-id/--app-token'}: ${(error as Error).message}`);
  }
  return { options, help: false };
}
