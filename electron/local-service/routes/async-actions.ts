import { invalidParam, notFound } from '../errors';
import type { Route } from '../router';
import { parseLimit } from '../paging';
import { parseIsoDate } from '../dates';

export const asyncActionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/async-actions/:id',
    auth: 'any',
    scope: 'async-actions',
    handle(ctx) {
      const id = ctx.params.id ?? '';
      const action = ctx.state.jobs.get(id);
      if (!action) throw notFound('async_action', id);
      return { status: 200, body: action };
    },
  },
  {
    method: 'GET',
    path: '/v1/async-actions',
    auth: 'any',
    scope: 'async-actions',
    handle(ctx) {
      const limit = parseLimit(ctx.query);
      const endRaw = ctx.query.get('end_date');
      const end = endRaw === null ? Number.POSITIVE_INFINITY : parseIsoDate(endRaw);
      if (Number.isNaN(end)) throw invalidParam(`end_date must be an ISO 8601 date or date-time, got ${JSON.stringify(endRaw)}.`);
      const actions = ctx.state.jobs
        .all()
        .filter((a) => Date.parse(a.created_at) < end)
        .reverse()
        .slice(0, limit);
      return { status: 200, body: { object: 'list', data_ref: 'async_actions', async_actions: actions, total: actions.length } };
    },
  },
];
