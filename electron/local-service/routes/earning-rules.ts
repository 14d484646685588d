import { notFound } from '../errors';
import type { Route } from '../router';

export const earningRuleRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/loyalties/earning-rules/:id',
    auth: 'any',
    scope: 'loyalties',
    handle(ctx) {
      // The service answers any id it does not hold, well-formed or not, with 404 not_found.
      const id = ctx.params.id ?? '';
      const rule = ctx.state.docs.get('earning_rule', id);
      if (!rule) throw notFound('earning_rule', id);
      return { status: 200, body: rule };
    },
  },
];
