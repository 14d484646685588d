import { inDateRange, stackComparator } from '../../../shared/domain/stack-selection';
import { parseIsoDate } from '../dates';
import { invalidParam, notFound } from '../errors';
import { pageOf, parseLimit, parsePage } from '../paging';
import type { Route } from '../router';
import type { SandboxState } from '../state';

interface Stack {
  id: string;
  name: string;
  created_at: string;
  updated_at?: string;
  campaign_id: string;
}

const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name'];

const envelope = (data: unknown[], total: number) => ({ object: 'list', data_ref: 'data', data, total });

/** `created_at[before]` / `[after]` and the same for `updated_at`: a record without the date never matches. */
function dateRange(query: URLSearchParams, field: 'created_at' | 'updated_at'): (s: Stack) => boolean {
  const bounds = (['before', 'after'] as const).map((side) => {
    const raw = query.get(`${field}[${side}]`);
    if (raw === null) return undefined;
    const ms = parseIsoDate(raw);
    if (Number.isNaN(ms)) throw invalidParam(`${field}[${side}] must be an ISO 8601 date or date-time, got ${JSON.stringify(raw)}.`);
    return ms;
  });
  const [before, after] = bounds;
  if (before === undefined && after === undefined) return () => true;
  return (s) => inDateRange(s[field], before, after);
}

function sortStacks(stacks: Stack[], order: string): Stack[] {
  return stacks.sort(stackComparator(order));
}

function campaignExists(state: SandboxState, id: string): boolean {
  return state.docs.get('campaign', id) !== undefined;
}

export const stackRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/promotions/stacks',
    auth: 'any',
    scope: 'promotions',
    handle(ctx) {
      const q = ctx.query;
      const limit = parseLimit(q);
      const page = parsePage(q, 100);
      const order = q.get('order') ?? 'created_at';
      if (!ORDERS.includes(order)) throw invalidParam(`order must be one of ${ORDERS.join(', ')}, got ${JSON.stringify(order)}.`);
      const created = dateRange(q, 'created_at');
      const updated = dateRange(q, 'updated_at');
      const stacks = sortStacks(
        ctx.state.docs.all<Stack>('stack').filter((s) => created(s) && updated(s)),
        order,
      );
      return { status: 200, body: envelope(pageOf(stacks, limit, page), stacks.length) };
    },
  },
  {
    method: 'GET',
    path: '/v1/promotions/:campaignId/stacks',
    auth: 'any',
    scope: 'promotions',
    handle(ctx) {
      const id = ctx.params.campaignId ?? '';
      if (!campaignExists(ctx.state, id)) throw notFound('campaign', id);
      const stacks = ctx.state.docs.all<Stack>('stack').filter((s) => s.campaign_id === id);
      return { status: 200, body: envelope(stacks, stacks.length) };
    },
  },
];
