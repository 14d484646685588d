// Invariants on the sandbox's request log: no write carried out twice.
import type { SandboxRequestRecord } from '../../electron/local-service/types';
import type { Checks } from './checks';
import type { Queued } from './prepare';

/** Carried-out requests per code for paths `<prefix><code>`. */
function perCode(log: readonly SandboxRequestRecord[], method: string, prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of log) {
    if (!r.carriedOut || r.method !== method || !r.path.startsWith(prefix)) continue;
    const code = decodeURIComponent(r.path.slice(prefix.length));
    out.set(code, (out.get(code) ?? 0) + 1);
  }
  return out;
}

function once(c: Checks, name: string, codes: readonly string[], carried: Map<string, number>): void {
  const wanted = new Set(codes);
  const wrong = codes.filter((code) => carried.get(code) !== 1).map((code) => `${code} x${carried.get(code) ?? 0}`);
  const others = [...carried.keys()].filter((code) => !wanted.has(code));
  c.none(name, [...wrong, ...others.map((code) => `${code} (not queued)`)], `${codes.length} code(s), each carried out once`);
}

export function checkRequests(c: Checks, q: Queued, log: readonly SandboxRequestRecord[]): void {
  const carried = (method: string, path: string): number => log.filter((r) => r.carriedOut && r.method === method && r.path === path).length;
  const imports = [
    ['JSON', '/v1/vouchers/import', q.json.requests],
    ['CSV', '/v1/vouchers/importCSV', q.csv.requests],
  ] as const;
  for (const [label, path, requests] of imports) {
    const n = carried('POST', path);
    c.check(`request log: ${label} import requests carried out once`, n === requests, `${n} carried out for ${requests} queued`);
  }
  const rewards = carried('POST', '/v1/rewards');
  c.check('request log: reward create carried out once', rewards === 1, `${rewards} carried out`);
  once(c, 'request log: add to campaign carried out once per code', q.campaign.codes, perCode(log, 'POST', `/v1/campaigns/${q.campaign.id}/vouchers/`));
  once(
    c,
    'request log: delete carried out once per code',
    q.deletes.flatMap((d) => d.codes),
    perCode(log, 'DELETE', '/v1/vouchers/'),
  );
}

/** Faults the sandbox applied, by kind, as its log records them. */
export function faultsApplied(log: readonly SandboxRequestRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of log) if (r.fault) out.set(r.fault, (out.get(r.fault) ?? 0) + 1);
  return out;
}
