import { invalidParam, notFound } from '../errors';
import type { Route } from '../router';

const RULE_ID = /^ern_[A-Za-z0-9]+$/;

export const earningRuleRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/loyalties/earning-rules/:id',
    auth: 'any',
    scope: 'loyalties',
    handle(ctx) {
      const id = ctx.params.id ?? '';
      if (!RULE_ID.test(id)) throw invalidParam(`id ${JSON.stringify(id)} is not an earning rule id (ern_ followed by letters and digits).`);
      const rule = ctx.state.docs.get('earning_rule', id);
      if (!rule) throw notFound('earning_rule', id);
      return { status: 200, body: rule };
    },
  },
];
