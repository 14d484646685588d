import type { EarningRule, VoucherClient } from '../../shared/api';
import type { StoreDatabase } from '../store/database';
import type { Reader } from '../store/statements';

export interface CachedEarningRule {
  rule: EarningRule;
  fetchedAt: string;
}

/** Fetches one earning rule and keeps it in the cache; errors (404 and others) leave the cache as it was. */
export async function fetchEarningRule(
  db: StoreDatabase,
  client: Pick<VoucherClient, 'baseUrl' | 'getEarningRule'>,
  id: string,
  now: () => number = Date.now,
  /** The key the copy is filed under (a project's id); the client's base URL when absent. */
  cacheKey: string = client.baseUrl,
): Promise<CachedEarningRule> {
  const rule = await client.getEarningRule(id);
  const fetchedAt = new Date(now()).toISOString();
  await db.write((tx) =>
    tx.run(
      `INSERT INTO earning_rules (target, id, json, fetched_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (target, id) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at`,
      [cacheKey, rule.id, JSON.stringify(rule), fetchedAt],
    ),
  );
  return { rule, fetchedAt };
}

export function getCachedEarningRule(db: Reader, target: string, id: string): CachedEarningRule | undefined {
  const row = db.get<{ json: string; fetched_at: string }>('SELECT json, fetched_at FROM earning_rules WHERE target = ? AND id = ?', [target, id]);
  return row && { rule: JSON.parse(row.json) as EarningRule, fetchedAt: row.fetched_at };
}
