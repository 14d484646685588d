import { buildStacksQuery, type PromotionStack, type StackOrder } from '../../../shared/api';
import { pullCampaignStacks, pullStacks, queryCachedStacks, type PullSummary, type StackSelection } from '../../cache';
import { type Command, type GroupCommands, type ParsedArgs, checkedOptions, stringOption } from '../command';
import { count, table } from '../format';
import { TARGET_OPTION, cacheScope, clientFor, projectFor } from '../project-client';
import { withCache } from './cache-access';

function selectionOf(args: ParsedArgs): StackSelection {
  const range = (field: 'created' | 'updated') => {
    const before = stringOption(args, `${field}-before`);
    const after = stringOption(args, `${field}-after`);
    return before === undefined && after === undefined ? undefined : { ...(before && { before }), ...(after && { after }) };
  };
  const order = stringOption(args, 'order');
  const created = range('created');
  const updated = range('updated');
  const selection: StackSelection = {
    ...(order !== undefined && { order: order as StackOrder }),
    ...(created && { created_at: created }),
    ...(updated && { updated_at: updated }),
  };
  checkedOptions(() => buildStacksQuery(selection));
  return selection;
}

const columns = [
  { header: 'ID', value: (s: PromotionStack) => s.id },
  { header: 'NAME', value: (s: PromotionStack) => s.name },
  { header: 'CAMPAIGN', value: (s: PromotionStack) => s.campaign_id },
  { header: 'TIERS', value: (s: PromotionStack) => s.tiers?.ids?.join(' > ') ?? '' },
  { header: 'MODE', value: (s: PromotionStack) => s.tiers?.hierarchy_mode },
  { header: 'CREATED', value: (s: PromotionStack) => s.created_at },
  { header: 'UPDATED', value: (s: PromotionStack) => s.updated_at },
];

const show: Command = {
  name: 'show',
  usage: '',
  summary: 'promotion stacks from the offline cache (all campaigns, or one); --pull fetches them first',
  options: {
    campaign: { type: 'string', description: 'only the stacks of this campaign id' },
    pull: { type: 'boolean', description: 'fetch the stacks from the service into the cache first' },
    order: { type: 'string', description: 'created_at (default), updated_at or name; a leading - descends (write it --order=-name)' },
    'created-before': { type: 'string', description: 'ISO 8601 date or date-time' },
    'created-after': { type: 'string', description: 'ISO 8601 date or date-time' },
    'updated-before': { type: 'string', description: 'ISO 8601 date or date-time' },
    'updated-after': { type: 'string', description: 'ISO 8601 date or date-time' },
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const campaign = stringOption(args, 'campaign');
    const selection = selectionOf(args);
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      let pulled: PullSummary | undefined;
      if (args.values['pull'] === true) {
        const client = await clientFor(ctx, project, ['promotions']);
        pulled =
          campaign === undefined
            ? await pullStacks(db, client, selection, { cacheKey: resolved.key })
            : await pullCampaignStacks(db, client, campaign, { cacheKey: resolved.key });
      }
      const stacks = queryCachedStacks(db, resolved.key, campaign === undefined ? selection : { campaign });
      const head = pulled ? `Pulled ${count(pulled.items, 'stack')} from ${resolved.label}.${pulled.notice ? ` ${pulled.notice}` : ''}\n` : '';
      const empty = 'No stacks cached for this project; fetch them with `voucher-desk stacks --pull`.\n';
      return {
        data: { project: project.name, ...(pulled && { pull: pulled }), stacks },
        text: head + (stacks.length === 0 ? empty : `${table(stacks, columns)}${count(stacks.length, 'stack')}.\n`) + `Project: ${resolved.label}.\n`,
      };
    });
  },
};

export const stacksCommands: GroupCommands = {
  commands: [show],
  defaultCommand: 'show',
};
