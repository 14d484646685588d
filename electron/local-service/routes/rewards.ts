import { notFound } from '../errors';
import { newId, parseJsonBody } from '../http';
import { pageOf, parseLimit, parsePage } from '../paging';
import { readRewardInput } from '../reward-input';
import type { Route } from '../router';
import { isoNow } from '../state';

export const rewardRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/rewards',
    auth: 'any',
    scope: 'rewards',
    handle(ctx) {
      const input = readRewardInput(parseJsonBody(ctx.body, ctx.headers['content-type']));
      if (input.campaignId !== undefined && ctx.state.docs.get('campaign', input.campaignId) === undefined) {
        throw notFound('campaign', input.campaignId);
      }
      const reward = {
        id: newId('rew_'),
        name: input.name,
        type: input.type,
        stock: input.stock,
        redeemed: input.type === 'MATERIAL' ? 0 : null,
        metadata: input.metadata,
        created_at: isoNow(ctx.state),
        updated_at: null,
        object: 'reward',
        ...(input.attributes ? { attributes: input.attributes } : {}),
        parameters: input.parameters,
      };
      ctx.state.docs.put('reward', reward.id, reward);
      ctx.state.store.touched();
      return { status: 200, body: reward };
    },
  },
  {
    method: 'GET',
    path: '/v1/rewards',
    auth: 'any',
    scope: 'rewards',
    handle(ctx) {
      const limit = parseLimit(ctx.query);
      const page = parsePage(ctx.query);
      const rewards = ctx.state.docs.all('reward');
      return { status: 200, body: { object: 'list', data_ref: 'data', data: pageOf(rewards, limit, page), total: rewards.length } };
    },
  },
];
