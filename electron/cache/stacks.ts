import {
  InvalidRequestError,
  STACK_ORDERS,
  buildStacksQuery,
  stackPages,
  type PromotionStack,
  type StackOrder,
  type StacksQuery,
  type VoucherClient,
} from '../../shared/api';
import { inDateRange, stackComparator } from '../../shared/domain/stack-selection';
import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { runPull, type PullOptions, type PullSummary } from './run-pull';

export type StackSelection = Omit<StacksQuery, 'page' | 'limit'>;

export interface CachedStacksQuery extends StackSelection {
  /** Only this campaign's stacks (no other filter applies then, as with the service). */
  campaign?: string;
}

type StacksSource = Pick<VoucherClient, 'baseUrl' | 'listStacks' | 'listCampaignStacks'>;

const UPSERT = `INSERT INTO stacks (target, id, campaign_id, name, created_at, updated_at, json, pull_id, pulled_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (target, id) DO UPDATE SET campaign_id = excluded.campaign_id, name = excluded.name,
    created_at = excluded.created_at, updated_at = excluded.updated_at, json = excluded.json,
    pull_id = excluded.pull_id, pulled_at = excluded.pulled_at`;

function storeStacks(target: string) {
  return (tx: Writer, items: readonly PromotionStack[], pullId: number, pulledAt: string): void => {
    const upsert = tx.prepare(UPSERT);
    for (const s of items) {
      upsert.run([target, s.id, s.campaign_id ?? null, s.name ?? null, s.created_at ?? null, s.updated_at ?? null, JSON.stringify(s), pullId, pulledAt]);
    }
  };
}

/** Drops the cached stacks of the target (or of one campaign) that a complete listing did not return. */
function dropUnseen(tx: Writer, target: string, campaignId: string | undefined, seen: ReadonlySet<string>): void {
  const ids = tx
    .all<{ id: string }>(
      `SELECT id FROM stacks WHERE target = ?${campaignId === undefined ? '' : ' AND campaign_id = ?'}`,
      campaignId === undefined ? [target] : [target, campaignId],
    )
    .map((r) => r.id);
  for (const id of ids) if (!seen.has(id)) tx.run('DELETE FROM stacks WHERE target = ? AND id = ?', [target, id]);
}

/**
 * Pulls the promotion stacks of all campaigns (within the listing's 100 pages). A complete pull
 * without a date range also drops cached stacks the service no longer lists.
 */
export async function pullStacks(db: StoreDatabase, client: StacksSource, selection: StackSelection = {}, options: PullOptions = {}): Promise<PullSummary> {
  buildStacksQuery(selection);
  const target = options.cacheKey ?? client.baseUrl;
  const everything = selection.created_at === undefined && selection.updated_at === undefined;
  return runPull(
    db,
    {
      target,
      kind: 'stacks',
      query: selection,
      pages: stackPages(client, selection, { whenTooLarge: 'partial' }),
      store: storeStacks(target),
      ...(everything && { whenComplete: (tx, seen) => dropUnseen(tx, target, undefined, seen) }),
    },
    options,
  );
}

/** Pulls every stack of one campaign, replacing what the cache held for it. */
export async function pullCampaignStacks(db: StoreDatabase, client: StacksSource, campaignId: string, options: PullOptions = {}): Promise<PullSummary> {
  const target = options.cacheKey ?? client.baseUrl;
  async function* onePage() {
    const list = await client.listCampaignStacks(campaignId);
    yield { page: 1, items: list.items, total: list.total };
  }
  return runPull(
    db,
    {
      target,
      kind: 'campaign-stacks',
      query: { campaign: campaignId },
      pages: onePage(),
      store: storeStacks(target),
      whenComplete: (tx, seen) => dropUnseen(tx, target, campaignId, seen),
    },
    options,
  );
}

function checkOrder(order: unknown): StackOrder {
  if (!(STACK_ORDERS as readonly unknown[]).includes(order)) throw new InvalidRequestError('order', order, `one of ${STACK_ORDERS.join(', ')}`);
  return order as StackOrder;
}

function bound(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Date.parse(value);
}

/** The cached stacks, filtered and sorted as the service does (default order: created_at); one campaign's by created_at. */
export function queryCachedStacks(db: Reader, target: string, query: CachedStacksQuery = {}): PromotionStack[] {
  const { campaign, ...selection } = query;
  buildStacksQuery(selection);
  const order = checkOrder(selection.order ?? 'created_at');
  const rows = db.all<{ json: string }>(
    `SELECT json FROM stacks WHERE target = ?${campaign === undefined ? '' : ' AND campaign_id = ?'}`,
    campaign === undefined ? [target] : [target, campaign],
  );
  const stacks = rows.map((r) => JSON.parse(r.json) as PromotionStack);
  if (campaign !== undefined) return stacks.sort(stackComparator('created_at'));
  const { created_at: created = {}, updated_at: updated = {} } = selection;
  return stacks
    .filter(
      (s) => inDateRange(s.created_at, bound(created.before), bound(created.after)) && inDateRange(s.updated_at, bound(updated.before), bound(updated.after)),
    )
    .sort(stackComparator(order));
}
