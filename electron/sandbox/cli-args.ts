import { MAX_SEEDED_PUBLICATIONS } from './seed-history';
import { CLUSTERS, type Cluster, type SandboxOptions } from './types';

export const USAGE = `Usage: npm run sandbox -- [options]   (or: voucher-desk sandbox [options])

Runs the local sandbox of the promotion service on 127.0.0.1 until stopped (Ctrl+C).

Options:
  --port N                 port of the hosting cluster (the other clusters take N+1, N+2 when free)
  --cluster NAME           hosting cluster: api (default), us1.api or as1.api
  --app-id ID              API key app id (generated when absent)
  --app-token TOKEN        API key app token (generated when absent)
  --data FILE              keep the data in this sql.js file (in memory when absent)
  --rate-limit N/min       allow N calls a minute (also N/hour); 300,000 a month unless given
  --seed-publications N    seed a two-year history of N publications (0 to 300,000) ending now,
                           instead of the 30 default ones (a new project only; --data keeps its own)
  --help                   show this text

Admin routes on every port (no auth; see the README for every field):
  POST /__sandbox/faults          {"gatewayNext":{"count":1,"status":504,"method":"POST","path":"/v1/vouchers/import"}}
                                  {"rateLimitNext":{"count":1,"retryAfterSeconds":30}}
                                  {"failNext":{"count":1,"status":503,"method":"DELETE","path":"/v1/vouchers"}}
                                  {"dropNext":{"count":1,"path":"/v1/rewards"}}
                                  {"stallNext":{"count":1,"ms":5000,"path":"/v1/campaigns"}}
                                  also latencyMs, failRate, dropNextWrites, dropRate
  GET  /__sandbox/requests        the last 200,000 API requests and what each got
  POST /__sandbox/keys/block      {"appId":"..."}   (and /__sandbox/keys/unblock)
  GET  /__sandbox/stats           counters`;

export class UsageError extends Error {}

function value(argv: readonly string[], i: number, flag: string): string {
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value.`);
  return v;
}

function parseRateLimit(text: string): NonNullable<SandboxOptions['rateLimit']> {
  const m = /^(\d+)\s*(?:\/\s*(min|minute|h|hour))?$/.exec(text.trim());
  const n = Number(m?.[1]);
  if (!m || !Number.isInteger(n) || n < 1) throw new UsageError(`--rate-limit must look like 100/min or 100/hour, got "${text}".`);
  return m[2] === 'h' || m[2] === 'hour' ? { perHour: n } : { perMinute: n };
}

/** The value of `--seed-publications` (also taken by `npm run web -- --sandbox`). */
export function parseSeedPublications(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > MAX_SEEDED_PUBLICATIONS) {
    throw new UsageError(`--seed-publications must be a whole number from 0 to ${MAX_SEEDED_PUBLICATIONS.toLocaleString('en-US')}, got "${text}".`);
  }
  return n;
}

/** Reads the sandbox command line; `help` is true when --help was asked. */
export function parseSandboxArgs(argv: readonly string[]): { options: SandboxOptions; help: boolean } {
  const options: SandboxOptions = {};
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    switch (flag) {
      case '--help':
      case '-h':
        help = true;
        continue;
      case '--port': {
        const port = Number(value(argv, i, flag));
        if (!Number.isInteger(port) || port < 0 || port > 65533) throw new UsageError(`--port must be a whole number from 0 to 65533, got "${argv[i + 1]}".`);
        options.port = port;
        break;
      }
      case '--cluster': {
        const cluster = value(argv, i, flag);
        if (!(CLUSTERS as readonly string[]).includes(cluster)) throw new UsageError(`--cluster must be one of ${CLUSTERS.join(', ')}, got "${cluster}".`);
        options.cluster = cluster as Cluster;
        break;
      }
      case '--app-id':
        options.appId = value(argv, i, flag);
        break;
      case '--app-token':
        options.appToken = value(argv, i, flag);
        break;
      case '--data':
        options.dataFile = value(argv, i, flag);
        break;
      case '--seed-publications':
        options.seedPublications = parseSeedPublications(value(argv, i, flag));
        break;
      case '--rate-limit':
        options.rateLimit = parseRateLimit(value(argv, i, flag));
        break;
      default:
        throw new UsageError(`Unknown option "${flag}".`);
    }
    i += 1;
  }
  return { options, help };
}
