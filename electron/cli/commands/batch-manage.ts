import { thousands } from '../../../shared/domain/thousands';
import { type BatchDefaults, type BatchSummary, type DraftRow, MAX_PAGE } from '../../batches/types';
import { listBatches } from '../../batches/batch-lookup';
import { batchListing, listedBatches } from '../../batches/batch-listing';
import type { LibraryServices } from '../../desk/library';
import { type CliContext, type Command, type ParsedArgs, UsageError, integerOption, jsonOption, positional, stringOption } from '../command';
import { problemWords } from '../../../shared/domain/problem-words';
import { count, table } from '../format';

const TYPES: Record<string, BatchDefaults['type']> = {
  gift: 'GIFT_VOUCHER',
  discount: 'DISCOUNT_VOUCHER',
  gift_voucher: 'GIFT_VOUCHER',
  discount_voucher: 'DISCOUNT_VOUCHER',
};

const batchColumns = [
  { header: 'ID', value: (b: BatchSummary) => b.id },
  { header: 'NAME', value: (b: BatchSummary) => b.name },
  { header: 'ROWS', value: (b: BatchSummary) => b.rows },
  { header: 'VALID', value: (b: BatchSummary) => b.validRows },
  { header: 'INVALID', value: (b: BatchSummary) => b.invalidRows },
  { header: 'UPDATED', value: (b: BatchSummary) => b.updatedAt },
];

const rowColumns = [
  { header: 'ROW', value: (r: DraftRow) => r.row },
  { header: 'CODE', value: (r: DraftRow) => r.code },
  { header: 'TYPE', value: (r: DraftRow) => String(r.draft['type'] ?? '') },
  { header: 'STATE', value: (r: DraftRow) => (r.valid ? (r.problems.length > 0 ? 'warning' : 'ok') : 'invalid') },
  { header: 'PROBLEM', value: (r: DraftRow) => (r.problems[0] ? `${problemWords(r.problems[0]).text} (${r.problems[0].field})` : '') },
];

function defaultsFrom(args: ParsedArgs): BatchDefaults {
  const fromJson = jsonOption(args, 'defaults') ?? {};
  if (typeof fromJson !== 'object' || fromJson === null || Array.isArray(fromJson)) throw new UsageError('--defaults must be a JSON object');
  const defaults: Record<string, unknown> = { ...fromJson };
  const type = stringOption(args, 'type');
  if (type !== undefined) {
    const known = TYPES[type.toLowerCase()];
    if (!known) throw new UsageError(`--type must be gift or discount (got "${type}")`);
    defaults['type'] = known;
  }
  for (const [option, field] of [
    ['category', 'category'],
    ['start-date', 'start_date'],
    ['expiration-date', 'expiration_date'],
  ] as const) {
    const value = stringOption(args, option);
    if (value !== undefined) defaults[field] = value;
  }
  const metadata = jsonOption(args, 'metadata');
  if (metadata !== undefined) defaults['metadata'] = metadata;
  return defaults;
}

/** The library and the batch named by the first argument (an id or a name). */
export async function batchArgument(ctx: CliContext, args: ParsedArgs, inTrash = false): Promise<{ library: LibraryServices; batch: BatchSummary }> {
  const library = await ctx.library();
  return { library, batch: library.batches.find(positional(args, 0, 'batch'), { inTrash }) };
}

function batchTable(batches: readonly BatchSummary[], whenEmpty: string): string {
  return batches.length === 0 ? whenEmpty : table(batches, batchColumns);
}

function describeBatch(batch: BatchSummary): string {
  const state = batch.deletedAt ? ` (in the trash since ${batch.deletedAt})` : '';
  return `Batch ${batch.id} "${batch.name}"${state}: ${count(batch.rows, 'row')}, ${thousands(batch.validRows)} valid, ${thousands(batch.invalidRows)} invalid\nDefaults: ${JSON.stringify(batch.defaults)}\n`;
}

const DEFAULT_OPTIONS: Command['options'] = {
  type: { type: 'string', description: 'voucher type of the rows: gift or discount' },
  category: { type: 'string', description: 'category of the rows' },
  'start-date': { type: 'string', description: 'start date (YYYY-MM-DD or ISO 8601)' },
  'expiration-date': { type: 'string', description: 'expiration date (YYYY-MM-DD or ISO 8601)' },
  metadata: { type: 'string', description: 'metadata as a JSON object' },
  defaults: { type: 'string', description: 'any defaults as a JSON object of voucher fields, e.g. {"discount":{...}}' },
};

export const create: Command = {
  name: 'create',
  brief: true,
  usage: '<name>',
  summary: 'create a batch, with defaults every row inherits unless it sets its own',
  options: DEFAULT_OPTIONS,
  async run(ctx, args) {
    const library = await ctx.library();
    const batch = await library.batches.create({ name: positional(args, 0, 'name'), defaults: defaultsFrom(args) });
    return { data: batch, text: `Created ${describeBatch(batch)}` };
  },
};

export const setDefaults: Command = {
  name: 'set-defaults',
  usage: '<batch>',
  summary: 'replace the defaults of a batch; every row is checked again',
  options: DEFAULT_OPTIONS,
  async run(ctx, args) {
    const defaults = defaultsFrom(args);
    const { library, batch: found } = await batchArgument(ctx, args);
    const batch = await library.batches.setDefaults(found.id, defaults);
    return { data: batch, text: `Updated ${describeBatch(batch)}` };
  },
};

export const list: Command = {
  name: 'list',
  brief: true,
  usage: '',
  summary: 'list the batches (or those in the trash)',
  options: { trash: { type: 'boolean', description: 'list the batches in the trash' } },
  async run(ctx, args) {
    const trash = args.values['trash'] === true;
    const batches = listedBatches(await ctx.libraryListing(batchListing.kind), trash) ?? listBatches(await ctx.libraryReader(), trash);
    return { data: batches, text: batchTable(batches, 'No batches.\n') };
  },
};

export const show: Command = {
  name: 'show',
  brief: true,
  usage: '<batch>',
  summary: 'show a batch (by id or name) and one page of its rows',
  options: {
    offset: { type: 'string', description: 'rows to skip (default 0)' },
    limit: { type: 'string', description: 'rows to show, 1..1000 (default 20)' },
    prefix: { type: 'string', description: 'only codes starting with this text' },
    invalid: { type: 'boolean', description: 'only rows with errors' },
    sort: { type: 'string', description: 'row (default) or code' },
    trash: { type: 'boolean', description: 'look for the name among batches in the trash' },
  },
  async run(ctx, args) {
    const { library, batch } = await batchArgument(ctx, args, args.values['trash'] === true);
    const sort = stringOption(args, 'sort') ?? 'row';
    if (sort !== 'row' && sort !== 'code') throw new UsageError(`--sort must be row or code (got "${sort}")`);
    const page = library.drafts.page(batch.id, {
      offset: integerOption(args, 'offset'),
      limit: integerOption(args, 'limit', 1, MAX_PAGE) ?? 20,
      codePrefix: stringOption(args, 'prefix'),
      onlyInvalid: args.values['invalid'] === true,
      sort,
    });
    const shown = page.rows.length === 0 ? 'No rows match.\n' : table(page.rows, rowColumns);
    const range = page.rows.length > 0 ? `Rows ${page.offset + 1}-${page.offset + page.rows.length} of ${thousands(page.total)} matching.\n` : '';
    return { data: { batch, page }, text: `${describeBatch(batch)}\n${shown}${range}` };
  },
};

export const rename: Command = {
  name: 'rename',
  usage: '<batch> <new-name>',
  summary: 'rename a batch',
  async run(ctx, args) {
    const { library, batch: found } = await batchArgument(ctx, args);
    const batch = await library.batches.rename(found.id, positional(args, 1, 'new-name'));
    return { data: batch, text: `Renamed batch ${batch.id} to "${batch.name}".\n` };
  },
};

export const duplicate: Command = {
  name: 'duplicate',
  usage: '<batch> [new-name]',
  summary: 'copy a batch with all its rows',
  async run(ctx, args) {
    const { library, batch } = await batchArgument(ctx, args);
    const copy = await library.batches.duplicate(batch.id, args.positionals[1]);
    return { data: copy, text: `Created ${describeBatch(copy)}` };
  },
};

export const remove: Command = {
  name: 'delete',
  usage: '<batch>',
  summary: 'move a batch to the trash (restorable until the trash is emptied)',
  async run(ctx, args) {
    const { library, batch: found } = await batchArgument(ctx, args);
    const batch = await library.batches.delete(found.id);
    return { data: batch, text: `Moved batch ${batch.id} "${batch.name}" to the trash; \`voucher-desk batch restore ${batch.id}\` brings it back.\n` };
  },
};

export const restore: Command = {
  name: 'restore',
  usage: '<batch>',
  summary: 'bring a batch back from the trash',
  async run(ctx, args) {
    const { library, batch: found } = await batchArgument(ctx, args, true);
    const batch = await library.batches.restore(found.id);
    return { data: batch, text: `Restored ${describeBatch(batch)}` };
  },
};

export const trash: Command = {
  name: 'trash',
  usage: '',
  summary: 'list the trash, or empty it for good with --empty',
  options: { empty: { type: 'boolean', description: 'remove every batch in the trash for good' } },
  async run(ctx, args) {
    const library = await ctx.library();
    if (args.values['empty'] === true) {
      const removed = await library.batches.emptyTrash();
      return { data: { removed }, text: `Removed ${count(removed, 'batch', 'batches')} for good.\n` };
    }
    const batches = library.batches.list({ trash: true });
    return { data: batches, text: batchTable(batches, 'The trash is empty.\n') };
  },
};
