import { describeEarningRule } from '../../../shared/domain/earning-rule-summary';
import { fetchEarningRule, getCachedEarningRule } from '../../cache';
import { type Command, type GroupCommands, positional } from '../command';
import { TARGET_OPTION, cacheScope, clientFor, projectFor } from '../project-client';
import { withCache } from './cache-access';

const show: Command = {
  name: 'show',
  usage: '<id>',
  summary: 'fetch an earning rule, keep it in the cache and describe its effects and points expiration; --offline reads the cache',
  options: { offline: { type: 'boolean', description: 'read the cached copy instead of fetching' }, ...TARGET_OPTION },
  async run(ctx, args) {
    const id = positional(args, 0, 'id');
    const offline = args.values['offline'] === true;
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      const found = offline
        ? getCachedEarningRule(db, resolved.key, id)
        : await fetchEarningRule(db, await clientFor(ctx, project, ['loyalties']), id, Date.now, resolved.key);
      if (!found)
        throw new Error(`Earning rule ${id} is not in the cache for ${resolved.label}; fetch it once online with \`voucher-desk earning-rule ${id}\``);
      return {
        data: { project: project.name, ...found },
        text: `${describeEarningRule(found.rule).join('\n')}\n(${offline ? 'cached copy' : 'fetched'} at ${found.fetchedAt})\nProject: ${resolved.label}.\n`,
      };
    });
  },
};

export const earningRuleCommands: GroupCommands = {
  commands: [show],
  defaultCommand: 'show',
  defaultTakesArguments: true,
};
