import type { Reward } from '../../../shared/api';
import { listCachedRewards, pullRewards, type PullSummary } from '../../cache';
import type { Command, GroupCommands } from '../command';
import { count, table } from '../format';
import { TARGET_OPTION, cacheScope, clientFor, projectFor } from '../project-client';
import { withCache } from './cache-access';

const columns = [
  { header: 'ID', value: (r: Reward) => r.id },
  { header: 'NAME', value: (r: Reward) => r.name },
  { header: 'TYPE', value: (r: Reward) => r.type },
  { header: 'STOCK', value: (r: Reward) => r.stock ?? null },
  { header: 'REDEEMED', value: (r: Reward) => r.redeemed ?? null },
  { header: 'CREATED', value: (r: Reward) => r.created_at },
];

const show: Command = {
  name: 'show',
  usage: '',
  summary: 'rewards from the offline cache; --pull fetches them first',
  options: { pull: { type: 'boolean', description: 'fetch every reward from the service into the cache first' }, ...TARGET_OPTION },
  async run(ctx, args) {
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      let pulled: PullSummary | undefined;
      if (args.values['pull'] === true) pulled = await pullRewards(db, await clientFor(ctx, project, ['rewards']), { cacheKey: resolved.key });
      const rewards = listCachedRewards(db, resolved.key);
      const head = pulled ? `Pulled ${count(pulled.items, 'reward')} from ${resolved.label}.\n` : '';
      return {
        data: { project: project.name, ...(pulled && { pull: pulled }), rewards },
        text:
          head +
          (rewards.length === 0 ? 'No rewards cached for this project; fetch them with `voucher-desk rewards --pull`.\n' : table(rewards, columns)) +
          `Project: ${resolved.label}.\n`,
      };
    });
  },
};

export const rewardsCommands: GroupCommands = {
  commands: [show],
  defaultCommand: 'show',
};
