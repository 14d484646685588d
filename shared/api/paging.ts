import { ApiError } from './errors';
import type { ListEnvelope } from './list';
import type { Publication } from './operations/publications';
import type { PromotionStack } from './operations/stacks';
import type { PublicationsQuery } from './publications-query';
import { LIMIT_MAX, PAGE_MAX, STACKS_PAGE_MAX } from './query-checks';
import type { StacksQuery } from './stacks-query';

/** The list holds more items than its page limits let anyone read. */
export class HistoryTooLargeError extends ApiError {
  override name = 'HistoryTooLargeError';
  constructor(
    message: string,
    readonly total: number,
    readonly reachable: number,
  ) {
    super(message);
  }
}

export interface WalkedPage<T> {
  page: number;
  items: T[];
  /** The list's total as the service counted it on this page. */
  total: number;
  /** Set when the list is larger than the page limits allow: what is missing and how to narrow it. */
  notice?: string;
}

export interface WalkOptions {
  /** 'throw' (default) stops before reading anything past page 1; 'partial' reads what the limits allow. */
  whenTooLarge?: 'throw' | 'partial';
}

interface Walk<T> {
  fetchPage(page: number): Promise<ListEnvelope<T>>;
  maxPage: number;
  tooLarge(total: number, reachable: number): string;
}

async function* walk<T>(w: Walk<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  const reachable = w.maxPage * LIMIT_MAX;
  let seen = 0;
  for (let page = 1; page <= w.maxPage; page += 1) {
    const list = await w.fetchPage(page);
    const notice = list.total > reachable ? w.tooLarge(list.total, reachable) : undefined;
    if (notice && page === 1 && (options.whenTooLarge ?? 'throw') === 'throw') {
      throw new HistoryTooLargeError(notice, list.total, reachable);
    }
    seen += list.items.length;
    yield { page, items: list.items, total: list.total, ...(notice && { notice }) };
    if (list.items.length < LIMIT_MAX || seen >= list.total) return;
  }
}

/** Why a publication history cannot be read whole, and how to narrow it. */
export function publicationsTooLarge(total: number, reachable: number): string {
  return (
    `The publication history holds ${total} publications, but the service lists at most ${reachable} ` +
    `(${PAGE_MAX} pages of ${LIMIT_MAX}). Narrow it: list one campaign (campaign), one customer (customer), ` +
    `one result (result) or one voucher type (voucher_type), or use filters such as campaign_name or customer_id.`
  );
}

/**
 * Every page of the publication history, 100 at a time, oldest first unless `order` says otherwise
 * (oldest first keeps pages stable while new publications arrive). The service serves pages 1..1000.
 */
export function publicationPages(
  client: { listPublications(query: PublicationsQuery): Promise<ListEnvelope<Publication>> },
  query: Omit<PublicationsQuery, 'page' | 'limit'> = {},
  options: WalkOptions = {},
): AsyncGenerator<WalkedPage<Publication>> {
  return walk(
    {
      fetchPage: (page) => client.listPublications({ order: 'created_at', ...query, page, limit: LIMIT_MAX }),
      maxPage: PAGE_MAX,
      tooLarge: publicationsTooLarge,
    },
    options,
  );
}

/** Every page of the promotion stacks of all campaigns; the service serves pages 1..100. */
export function stackPages(
  client: { listStacks(query: StacksQuery): Promise<ListEnvelope<PromotionStack>> },
  query: Omit<StacksQuery, 'page' | 'limit'> = {},
  options: WalkOptions = {},
): AsyncGenerator<WalkedPage<PromotionStack>> {
  return walk(
    {
      fetchPage: (page) => client.listStacks({ order: 'created_at', ...query, page, limit: LIMIT_MAX }),
      maxPage: STACKS_PAGE_MAX,
      tooLarge: (total, reachable) =>
        `There are ${total} promotion stacks, but the service lists at most ${reachable} ` +
        `(${STACKS_PAGE_MAX} pages of ${LIMIT_MAX}). Narrow it by a created_at or updated_at range ` +
        `(before/after), or list one campaign's stacks.`,
    },
    options,
  );
}
