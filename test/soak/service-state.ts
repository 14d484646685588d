// The sandbox's own records, read from its data file: what the service holds, whatever the app believes.
import { readFileSync } from 'node:fs';
import { loadSqlJs } from '../../electron/store/sqljs';

export interface ServiceJob {
  id: string;
  type: string;
  status: string;
  result: { done_count?: number; failed_count?: number; failed?: { code: string; reason: string }[] } | null;
}

export interface ServiceReward {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
}

export interface ServiceState {
  /** Every voucher's code with its campaign id (null outside campaigns). */
  vouchers: Map<string, string | null>;
  /** Codes in the bin, each with how many copies are there. */
  bin: Map<string, number>;
  jobs: ServiceJob[];
  rewards: ServiceReward[];
}

export async function readServiceState(dataFile: string): Promise<ServiceState> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(dataFile));
  try {
    const rows = (sql: string): unknown[][] => db.exec(sql)[0]?.values ?? [];
    const docs = <T>(kind: string): T[] => rows(`SELECT data FROM docs WHERE kind = '${kind}' ORDER BY seq`).map(([data]) => JSON.parse(String(data)) as T);
    const bin = new Map<string, number>();
    for (const [code] of rows('SELECT code FROM bin')) bin.set(String(code), (bin.get(String(code)) ?? 0) + 1);
    return {
      vouchers: new Map(rows('SELECT code, campaign_id FROM vouchers').map(([code, campaign]) => [String(code), campaign === null ? null : String(campaign)])),
      bin,
      jobs: docs<ServiceJob>('async_action'),
      rewards: docs<ServiceReward>('reward'),
    };
  } finally {
    db.close();
  }
}
