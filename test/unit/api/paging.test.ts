import { describe, expect, it } from 'vitest';
import {
  HistoryTooLargeError,
  publicationPages,
  stackPages,
  type ListEnvelope,
  type Publication,
  type PromotionStack,
  type PublicationsQuery,
  type StacksQuery,
} from '../../../shared/api';

// Pure walks over an in-memory list; the real HTTP walk is in the integration tests.
function listOf<T>(total: number, make: (i: number) => T) {
  const asked: { page: number; limit: number }[] = [];
  const fetch = async (q: { page?: number; limit?: number }): Promise<ListEnvelope<T>> => {
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    asked.push({ page, limit });
    const start = (page - 1) * limit;
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => make(start + i));
    return { object: 'list', data_ref: 'data', total, items };
  };
  return { asked, fetch };
}

async function collect<T>(pages: AsyncIterable<{ items: T[]; notice?: string }>): Promise<{ items: T[]; notices: string[] }> {
  const items: T[] = [];
  const notices: string[] = [];
  for await (const page of pages) {
    items.push(...page.items);
    if (page.notice) notices.push(page.notice);
  }
  return { items, notices };
}

describe('paging', () => {
  it('walks every page of publications at 100 a page, oldest first, and stops at the end', async () => {
    const list = listOf<Publication>(250, (i) => ({ id: `pub_${i}` }));
    let lastQuery: PublicationsQuery | undefined;
    const client = {
      listPublications: (q: PublicationsQuery) => {
        lastQuery = q;
        return list.fetch(q);
      },
    };
    const { items } = await collect(publicationPages(client, { campaign: 'Summer' }));
    expect(items.map((p) => p.id)).toEqual(Array.from({ length: 250 }, (_, i) => `pub_${i}`));
    expect(list.asked).toEqual([1, 2, 3].map((page) => ({ page, limit: 100 })));
    expect(lastQuery).toMatchObject({ campaign: 'Summer', order: 'created_at' });
  });

  it('needs no extra call when the last page is exactly full', async () => {
    const list = listOf<PromotionStack>(200, (i) => ({ id: `stack_${i}` }));
    const { items } = await collect(stackPages({ listStacks: (q: StacksQuery) => list.fetch(q) }));
    expect(items).toHaveLength(200);
    expect(list.asked).toHaveLength(2);
  });

  it('refuses a history larger than 1000 pages, saying how to narrow it, before reading on', async () => {
    const list = listOf<Publication>(100_001, (i) => ({ id: `pub_${i}` }));
    const walk = collect(publicationPages({ listPublications: (q: PublicationsQuery) => list.fetch(q) }));
    await expect(walk).rejects.toThrow(HistoryTooLargeError);
    await expect(walk).rejects.toThrow(/100001 publications.*at most 100000.*campaign/);
    expect(list.asked).toHaveLength(1);
  });

  it('reads what the stack limits allow when asked for a partial walk, with a notice', async () => {
    const list = listOf<PromotionStack>(10_050, (i) => ({ id: `stack_${i}` }));
    const { items, notices } = await collect(stackPages({ listStacks: (q: StacksQuery) => list.fetch(q) }, {}, { whenTooLarge: 'partial' }));
    expect(items).toHaveLength(10_000);
    expect(list.asked.at(-1)).toEqual({ page: 100, limit: 100 });
    expect(notices[0]).toMatch(/10050 promotion stacks.*at most 10000.*created_at/);
  });
});
