import { readFileSync, writeFileSync } from 'node:fs';
import { DocStore } from '../../../electron/local-service/docs';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import { startSandbox, type RunningSandbox } from '../../../electron/local-service/server';
import { loadSqlJs } from '../../../electron/store/sqljs';
import { createClient, type ClientOptions, type VoucherClient } from '../../../shared/api';

export const CREDENTIALS = { appId: 'cache-test-app', appToken: 'cache-test-token-0123456789' };

const CAMPAIGNS = [
  { name: 'Spring Promo', id: 'camp_springpromo1', kind: 'discount' as const, referral: false },
  { name: 'Points Plus', id: 'camp_pointsplus01', kind: 'loyalty' as const, referral: false },
  { name: 'Bring a Buddy', id: 'camp_bringbuddy01', kind: 'discount' as const, referral: true },
  { name: 'Gift Season', id: 'camp_giftseason01', kind: 'gift' as const, referral: false },
];
const CHANNELS = ['API', 'Email', 'SMS', 'Voucherify Dashboard', 'Webhook'];
const FAILURE_CODES = ['no_voucher_suitable_for_publication', 'customer_rules_violated', 'quota_exceeded_7'];

/**
 * A history of `count` more publications in every variant: single, multiple and failed; some
 * without tracking id or source id; created_at values shared by several (ties are ordered by id).
 */
export function extraPublications(count: number, start = 0, createdFrom = Date.UTC(2025, 6, 1)): PublicationDoc[] {
  const docs: PublicationDoc[] = [];
  for (let n = start; n < start + count; n += 1) {
    const campaign = CAMPAIGNS[n % CAMPAIGNS.length] ?? CAMPAIGNS[0]!;
    const variant = n % 7 === 3 ? 'multi' : n % 7 === 5 ? 'failure' : 'single';
    const id = `pub_extra${String(n).padStart(5, '0')}`;
    const customer = `cust_extra${n % 9}`;
    const codes = variant === 'failure' ? [] : variant === 'multi' ? [`EX${n}-A`, `EX${n}-B`, `EX${n}-C`] : [`EX${n}`];
    const voucherIds = codes.map((c) => `v_${c.toLowerCase().replace(/-/g, '')}`);
    const sourceId = n % 4 === 0 ? `src-${n % 40}` : null;
    const tracking = n % 6 === 0 ? undefined : `track-${n % 13}`;
    const item: PublicationDoc['item'] = {
      id,
      object: 'publication',
      created_at: new Date(createdFrom + (n % 45) * 3_600_000).toISOString(),
      customer_id: customer,
      ...(tracking !== undefined && { tracking_id: tracking }),
      metadata: {},
      channel: CHANNELS[n % CHANNELS.length] ?? 'API',
      source_id: sourceId,
      customer: { id: customer, object: 'customer' },
      vouchers_id: voucherIds,
      result: variant === 'failure' ? 'FAILURE' : 'SUCCESS',
    };
    const failureCode = FAILURE_CODES[n % FAILURE_CODES.length] ?? 'x';
    if (variant === 'failure') Object.assign(item, { failure_code: failureCode, failure_message: `Failed: ${failureCode}` });
    else if (variant === 'multi') item.vouchers = codes;
    else {
      item.voucher = {
        code: codes[0],
        object: 'voucher',
        campaign: campaign.name,
        ...(campaign.kind === 'discount' && { discount: { type: 'PERCENT', percent_off: 10 + (n % 5) } }),
        ...(campaign.kind === 'loyalty' && { loyalty_card: { points: n, balance: n } }),
        ...(campaign.kind === 'gift' && { gift: { amount: 1000 * ((n % 3) + 1), balance: 1000 } }),
        is_referral_code: campaign.referral,
      };
    }
    docs.push({
      item,
      facts: {
        failure_code: variant === 'failure' ? failureCode : null,
        result: variant === 'failure' ? 'FAILURE' : 'SUCCESS',
        customer_id: customer,
        campaign_name: campaign.name,
        voucher_type: variant === 'failure' ? null : campaign.kind,
        is_referral_code: campaign.referral && variant !== 'failure',
        parent_object_id: campaign.id,
        related_object_id: voucherIds[0] ?? null,
        source_id: sourceId,
        voucher_code: codes[0] ?? null,
        tracking_id: tracking ?? null,
        codes,
      },
    });
  }
  return docs;
}

/** Writes publication documents into a stopped sandbox's data file, through the sandbox's own store. */
export async function putPublications(dataFile: string, docs: readonly PublicationDoc[]): Promise<void> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(dataFile));
  try {
    const store = new DocStore(db);
    db.run('BEGIN');
    for (const doc of docs) store.put('publication', doc.item.id, doc);
    db.run('COMMIT');
    writeFileSync(dataFile, db.export());
  } finally {
    db.close();
  }
}

/** Every publication in a stopped sandbox's data file, as the sandbox itself stores it. */
export async function sandboxPublications(dataFile: string): Promise<PublicationDoc[]> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(dataFile));
  try {
    return new DocStore(db).all<PublicationDoc>('publication');
  } finally {
    db.close();
  }
}

/** A seeded sandbox on a data file, with fixed credentials so it can be stopped and started again. */
export function sandboxOn(dataFile: string, port?: number): Promise<RunningSandbox> {
  return startSandbox({ dataFile, ...CREDENTIALS, ...(port !== undefined && { port }) });
}

export function clientOf(sb: RunningSandbox, overrides: Partial<ClientOptions> = {}): VoucherClient {
  return createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials }, timeoutMs: 10_000, ...overrides });
}

/** Removes documents of one kind (e.g. 'stack') from a stopped sandbox's data file. */
export async function deleteDocs(dataFile: string, kind: string, ids: readonly string[]): Promise<void> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(readFileSync(dataFile));
  try {
    for (const id of ids) db.run('DELETE FROM docs WHERE kind = ? AND id = ?', [kind, id]);
    writeFileSync(dataFile, db.export());
  } finally {
    db.close();
  }
}
