import { thousands } from '../../../shared/domain/thousands';
import type { Queued } from '../../outbox/op-codes';
import { queueAddToCampaign } from '../../operations/add-to-campaign';
import { queueImportPacked } from '../../operations/imports';
import { queueDelete } from '../../operations/delete';
import { queueReward } from '../../operations/reward';
import { IMPORT_MAX_CODES } from '../../../shared/domain/request-planner';
import { REWARD_FIELDS, RewardInputError, rewardRequestOf, type RewardFieldNames } from '../../../shared/domain/reward-input';
import type { RewardRequest } from '../../../shared/operations/reward';
import { type Command, type GroupCommands, type ParsedArgs, UsageError, integerOption, positional, stringOption } from '../command';
import type { CliContext } from '../command';
import { projectLabel, type Project } from '../../../shared/domain/project';
import { withOutbox } from './outbox-access';

/** The queued operation, and each request of another one found damaged meanwhile (it waits for the user, nothing else does). */
function queued(
  { op, needsAttention }: Queued,
  what: string,
  project: Project,
): { data: Queued['op'] & Pick<Queued, 'needsAttention'> & { projectName: string }; text: string } {
  const requests = Object.values(op.requestCounts).reduce((a, b) => a + b, 0);
  const waits = op.dependsOn.length > 0 ? ` It waits for operation(s) ${op.dependsOn.join(', ')}, which touch the same codes.` : '';
  const attention = needsAttention.map((n) => `Operation ${n.operation} needs attention: ${n.message}\n`).join('');
  return {
    data: { ...op, needsAttention, projectName: project.name },
    text:
      `Queued operation ${op.id} for ${projectLabel(project)}: ${what} (${thousands(op.codes)} codes in ${requests} request(s)).${waits}\n${attention}` +
      `See it with \`voucher-desk outbox\`; send it with \`voucher-desk sync --project ${project.name}\`.\n`,
  };
}

/** How a queued import is sent, and what that means for codes already on the service. */
function packingText(kind: string, jsonBecause: { code: string; reason: string } | undefined): string {
  if (kind === 'import-csv')
    return 'as CSV files: a code already on the service is UPDATED to the batch row (use --refuse-existing to keep such codes untouched)';
  const why = jsonBecause ? ` because code ${JSON.stringify(jsonBecause.code)}: ${jsonBecause.reason}` : '';
  return `as JSON${why}: a code already on the service is refused and left untouched`;
}

async function queueBatchImport(ctx: CliContext, args: ParsedArgs, format: 'csv-when-fits' | 'csv') {
  const batch = positional(args, 0, 'batch');
  const maxCodes = integerOption(args, 'max-codes', 1, IMPORT_MAX_CODES);
  const project = await ctx.project();
  const { db, outbox } = await ctx.library();
  const packed = await queueImportPacked({ library: db, outbox, project: project.id }, batch, {
    format: args.values['refuse-existing'] === true ? 'json' : format,
    webhooksEnable: args.values['webhooks'] === true,
    ...(maxCodes !== undefined && { limits: { maxCodes } }),
  });
  return queued(packed, `import of batch ${packed.op.batchId} ${packingText(packed.op.kind, packed.jsonBecause)}`, project);
}

const maxCodesOption = { type: 'string', description: 'at most this many codes per request (default and maximum 100,000)' } as const;

const importJson: Command = {
  name: 'import',
  usage: '<batch>',
  summary:
    'queue the import of a batch; the batch is frozen until the import finishes or is cancelled. Sent as CSV files when every row fits the CSV columns ' +
    '(fewer, smaller requests; a code already on the service is then UPDATED), otherwise as JSON (a code already there is refused)',
  options: {
    'max-codes': maxCodesOption,
    'refuse-existing': { type: 'boolean', description: 'always send JSON: codes already on the service are refused, never updated' },
  },
  run: (ctx, args) => queueBatchImport(ctx, args, 'csv-when-fits'),
};

const importCsv: Command = {
  name: 'import-csv',
  usage: '<batch>',
  summary: 'queue the import of a batch as CSV files (a code already on the service is updated)',
  options: { 'max-codes': maxCodesOption, webhooks: { type: 'boolean', description: 'send webhooks for every created or updated voucher (webhooks_enable)' } },
  run: (ctx, args) => queueBatchImport(ctx, args, 'csv'),
};

const addToCampaign: Command = {
  name: 'add-to-campaign',
  usage: '<batch> <campaign>',
  summary:
    "queue adding each code of a batch to a campaign (one request per code). The batch's category, metadata, redemption, dates and active overwrite the campaign's defaults; " +
    'type, discount and gift cannot be sent (the campaign decides them), so a batch carrying them is refused unless --drop-values',
  options: {
    'drop-values': { type: 'boolean', description: "add the codes anyway, dropping the batch's type, discount, gift and validity values" },
    'category-id': { type: 'string', description: 'put every code in this category (by id); not with a batch whose rows name a category' },
  },
  async run(ctx, args) {
    const batch = positional(args, 0, 'batch');
    const campaign = positional(args, 1, 'campaign');
    const categoryId = stringOption(args, 'category-id');
    const project = await ctx.project();
    const { db, outbox } = await ctx.library();
    const added = await queueAddToCampaign({ library: db, outbox, project: project.id }, batch, campaign, {
      dropValues: args.values['drop-values'] === true,
      ...(categoryId !== undefined && { categoryId }),
    });
    return queued(added, `add batch codes to campaign ${campaign}`, project);
  },
};

/** The flag that gives each reward field, so the shared rules name what to fix on the command line. */
const REWARD_FLAGS: RewardFieldNames = {
  type: '--type',
  name: '--name',
  campaign: '--campaign',
  balance: '--balance',
  exchangeRatio: '--exchange-ratio',
  pointsRatio: '--points-ratio',
  product: '--product',
  sku: '--sku',
  stock: '--stock',
  imageUrl: '--image-url',
  description: '--description',
  metadata: '--metadata',
};

function rewardRequest(args: ParsedArgs): RewardRequest {
  const fields = Object.fromEntries(REWARD_FIELDS.map((field) => [field, stringOption(args, REWARD_FLAGS[field].slice(2))]));
  try {
    return rewardRequestOf(fields, REWARD_FLAGS);
  } catch (error) {
    if (error instanceof RewardInputError) throw new UsageError(error.message);
    throw error;
  }
}

const reward: Command = {
  name: 'reward',
  usage: '',
  summary: 'queue the creation of a reward (digital CAMPAIGN, COIN or MATERIAL)',
  options: {
    name: { type: 'string', description: 'reward name' },
    type: { type: 'string', description: 'CAMPAIGN (digital), COIN or MATERIAL' },
    campaign: { type: 'string', description: 'CAMPAIGN: the campaign id' },
    balance: { type: 'string', description: 'CAMPAIGN: gift credits or loyalty points (integer)' },
    'exchange-ratio': { type: 'string', description: 'COIN: exchange ratio' },
    'points-ratio': { type: 'string', description: 'COIN: points ratio' },
    product: { type: 'string', description: 'MATERIAL: product id' },
    sku: { type: 'string', description: 'MATERIAL: SKU id' },
    stock: { type: 'string', description: 'MATERIAL: units in stock' },
    'image-url': { type: 'string', description: 'MATERIAL: picture of the product (attributes.image_url, http or https)' },
    description: { type: 'string', description: 'MATERIAL: text shown with the reward (attributes.description)' },
    metadata: { type: 'string', description: 'any type: custom attributes as a JSON object, e.g. {"tier":"gold"}' },
  },
  async run(ctx, args) {
    const request = rewardRequest(args);
    const project = await ctx.project();
    return withOutbox(ctx, async (outbox) =>
      queued({ op: await queueReward(outbox, request, project.id), needsAttention: [] }, `create ${request.type} reward "${request.name}"`, project),
    );
  },
};

const remove: Command = {
  name: 'delete',
  usage: '<code...>',
  summary: 'queue deleting vouchers by code (to the bin; --force removes them for good)',
  options: { force: { type: 'boolean', description: 'delete permanently instead of moving to the bin' } },
  async run(ctx, args) {
    if (args.positionals.length === 0) throw new UsageError('missing <code...>');
    const force = args.values['force'] === true;
    const project = await ctx.project();
    return withOutbox(
      ctx,
      async (outbox) =>
        queued(
          await queueDelete(outbox, args.positionals, force, project.id),
          `delete ${args.positionals.length} code(s)${force ? ' permanently' : ''}`,
          project,
        ),
      { batchRows: true },
    );
  },
};

export const queueCommands: GroupCommands = {
  commands: [importJson, importCsv, addToCampaign, reward, remove],
};
