// Command-line options of the soak: every bound explicit, every bad value named.

export interface SoakOptions {
  seed: number;
  /** Codes imported in total, split between the JSON and the CSV import. */
  codes: number;
  /** SIGKILLs wanted before the last, undisturbed run. */
  kills: number;
  maxSeconds: number;
  /** Codes per import request (the service takes up to 100,000; smaller gives more requests to disturb). */
  codesOfRequest: number;
  campaignCodes: number;
  deletes: number;
  /** Requests the sandbox may see in all; more means the sync is looping. */
  maxRequests: number;
  /** Gateway 5xx after the write and 429s, on top of the network faults. */
  gatewayFaults: boolean;
}

export const DEFAULTS: SoakOptions = {
  seed: 1,
  codes: 250_000,
  kills: 30,
  maxSeconds: 360,
  codesOfRequest: 5_000,
  campaignCodes: 300,
  deletes: 6,
  maxRequests: 150_000,
  gatewayFaults: true,
};

const NUMBERS = {
  '--seed': ['seed', 0],
  '--codes': ['codes', 2],
  '--kills': ['kills', 0],
  '--max-seconds': ['maxSeconds', 1],
  '--request-codes': ['codesOfRequest', 1],
  '--campaign-codes': ['campaignCodes', 1],
  '--deletes': ['deletes', 1],
  '--max-requests': ['maxRequests', 1],
} as const;

export const USAGE = `usage: npm run soak -- [options]
  --seed N            the plan of codes, kills and faults (default ${DEFAULTS.seed})
  --codes N           codes imported, 60% by JSON and 40% by CSV import (default ${DEFAULTS.codes})
  --kills N           SIGKILLs of the sync before its last run (default ${DEFAULTS.kills})
  --max-seconds N     time bound of the whole soak (default ${DEFAULTS.maxSeconds})
  --request-codes N     codes per import request (default ${DEFAULTS.codesOfRequest})
  --campaign-codes N  codes added to a campaign (default ${DEFAULTS.campaignCodes})
  --deletes N         codes deleted after their import (default ${DEFAULTS.deletes})
  --max-requests N    requests the sandbox may see before the soak counts the sync as looping (default ${DEFAULTS.maxRequests})
  --gateway-faults on|off  gateway 500/502/504 pages after carried-out writes (default on)`;

export function parseOptions(argv: readonly string[]): SoakOptions {
  const out: SoakOptions = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i += 1) {
    const [name, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name}: a value is missing\n${USAGE}`);
    if (name === '--gateway-faults') {
      if (value !== 'on' && value !== 'off') throw new Error(`--gateway-faults: "${value}" is not on or off`);
      out.gatewayFaults = value === 'on';
      continue;
    }
    const spec = NUMBERS[name as keyof typeof NUMBERS];
    if (!spec) throw new Error(`${name}: unknown option\n${USAGE}`);
    const [key, min] = spec;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name}: "${value}" is not a whole number of ${min} or more`);
    out[key] = n;
  }
  if (out.deletes * 2 > out.codes) throw new Error(`--deletes: ${out.deletes} is more than half of --codes ${out.codes}`);
  return out;
}
