import type { OperationRecord } from '../../outbox/records';
import { queueAddToCampaign, queueImportPacked } from '../../outbox/queue-batch';
import { queueDelete, queueReward } from '../../outbox/queue-other';
import { IMPORT_MAX_CODES } from '../../../shared/domain/chunk-planner';
import type { RewardRequest } from '../../../shared/outbox/kinds';
import { type Command, type CommandGroup, type ParsedArgs, UsageError, integerOption, positional, stringOption } from '../command';
import type { CliContext } from '../command';
import { withOutbox } from './outbox-access';

function queued(op: OperationRecord, what: string): { data: OperationRecord; text: string } {
  const chunks = Object.values(op.chunkCounts).reduce((a, b) => a + b, 0);
  const waits = op.dependsOn.length > 0 ? ` It waits for operation(s) ${op.dependsOn.join(', ')}, which touch the same codes.` : '';
  return {
    data: op,
    text: `Queued operation ${op.id}: ${what} (${op.codes.toLocaleString('en-US')} codes in ${chunks} request(s)).${waits}\nSee it with \`voucher-desk outbox\`; send it with \`voucher-desk sync --target <target>\`.\n`,
  };
}

/** How a queued import is sent, and what that means for codes already on the service. */
function packingText(kind: string, jsonBecause: { code: string; reason: string } | undefined): string {
  if (kind === 'import-csv') return 'as CSV files: a code already on the service is UPDATED to the batch row (use --refuse-existing to keep such codes untouched)';
  const why = jsonBecause ? ` because code ${JSON.stringify(jsonBecause.code)}: ${jsonBecause.reason}` : '';
  return `as JSON${why}: a code already on the service is refused and left untouched`;
}

async function queueBatchImport(ctx: CliContext, args: ParsedArgs, format: 'csv-when-fits' | 'csv') {
  const batch = positional(args, 0, 'batch');
  const maxCodes = integerOption(args, 'max-codes', 1, IMPORT_MAX_CODES);
  const { db, outbox } = await ctx.library();
  const { op, jsonBecause } = await queueImportPacked({ library: db, outbox }, batch, {
    format: args.values['refuse-existing'] === true ? 'json' : format,
    webhooksEnable: args.values['webhooks'] === true,
    ...(maxCodes !== undefined && { limits: { maxCodes } }),
  });
  return queued(op, `import of batch ${op.batchId} ${packingText(op.kind, jsonBecause)}`);
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
  options: { 'drop-values': { type: 'boolean', description: "add the codes anyway, dropping the batch's type, discount, gift and validity values" } },
  async run(ctx, args) {
    const batch = positional(args, 0, 'batch');
    const campaign = positional(args, 1, 'campaign');
    const { db, outbox } = await ctx.library();
    const op = await queueAddToCampaign({ library: db, outbox }, batch, campaign, { dropValues: args.values['drop-values'] === true });
    return queued(op, `add batch codes to campaign ${campaign}`);
  },
};

function number(args: ParsedArgs, name: string): number {
  const text = stringOption(args, name);
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a number above 0`);
  return value;
}

function rewardRequest(args: ParsedArgs): RewardRequest {
  const name = stringOption(args, 'name');
  if (!name) throw new UsageError('--name is required');
  const type = (stringOption(args, 'type') ?? '').toUpperCase();
  if (type === 'CAMPAIGN') {
    const id = stringOption(args, 'campaign');
    if (!id) throw new UsageError('--campaign is required for a CAMPAIGN (digital) reward');
    const balance = integerOption(args, 'balance', 1);
    return { type, name, campaign: { id, ...(balance !== undefined && { balance }) } };
  }
  if (type === 'COIN') return { type, name, exchange_ratio: number(args, 'exchange-ratio'), points_ratio: number(args, 'points-ratio') };
  if (type === 'MATERIAL') {
    const id = stringOption(args, 'product');
    const sku = stringOption(args, 'sku');
    if (!id || !sku) throw new UsageError('--product and --sku are required for a MATERIAL reward');
    const stock = integerOption(args, 'stock', 0);
    return { type, name, product: { id, sku_id: sku }, ...(stock !== undefined && { stock }) };
  }
  throw new UsageError(`--type must be CAMPAIGN, COIN or MATERIAL (got "${type}")`);
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
  },
  async run(ctx, args) {
    const request = rewardRequest(args);
    return withOutbox(ctx, async (outbox) => queued(await queueReward(outbox, request), `create ${request.type} reward "${request.name}"`));
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
    return withOutbox(ctx, async (outbox) => queued(await queueDelete(outbox, args.positionals, force), `delete ${args.positionals.length} code(s)${force ? ' permanently' : ''}`));
  },
};

export const queueCommands: CommandGroup = {
  name: 'queue',
  summary: 'queue operations for the next sync (works offline)',
  commands: [importJson, importCsv, addToCampaign, reward, remove],
};
