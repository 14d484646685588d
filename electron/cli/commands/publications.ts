import { thousands } from '../../../shared/domain/thousands';
import { HistoryTooLargeError, type Publication } from '../../../shared/api';
import { CACHE_LIMIT_MAX, pullPublications, queryCachedPublications, type CachedPublicationsPage } from '../../cache';
import { type Command, type GroupCommands, integerOption } from '../command';
import { count, progressBar, table } from '../format';
import { TARGET_OPTION, clientFor, resolveTarget } from '../target-client';
import { withCache } from './cache-access';
import { SELECTION_OPTIONS, selectionOf } from './publication-args';

const pull: Command = {
  name: 'pull',
  usage: '',
  summary: 'fetch the publication history that answers the filters into the offline cache (100 a page, upserting by id)',
  options: {
    ...SELECTION_OPTIONS,
    partial: { type: 'boolean', description: 'when the history is larger than the service lists (100,000), cache what it lists instead of stopping' },
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const selection = selectionOf(args);
    const bar = progressBar('Pulling publications', ctx.io.err, ctx.io.stderrIsTty && !ctx.json);
    return withCache(ctx, async (db) => {
      const resolved = resolveTarget(args, db);
      const client = await clientFor(ctx, db, resolved, ['publications']);
      const summary = await pullPublications(db, client, selection, {
        whenTooLarge: args.values['partial'] === true ? 'partial' : 'throw',
        onProgress: (p) => bar.update(p.items, p.total, `${count(p.items, 'publication')} of ${thousands(p.total)}, page ${p.page}`),
      })
        .catch((error: unknown) => {
          if (error instanceof HistoryTooLargeError) throw new Error(`${error.message} Or pass --partial to cache the first ${thousands(error.reachable)}.`);
          throw error;
        })
        .finally(() => bar.finish());
      const notice = summary.notice ? `\n${summary.notice}\n` : '';
      return {
        data: { target: resolved.baseUrl, ...summary },
        text: `Pulled ${count(summary.items, 'publication')} in ${count(summary.pages, 'page')} from ${resolved.label} (pull #${summary.pullId}).\n${notice}`,
      };
    });
  },
};

const columns = [
  { header: 'ID', value: (p: Publication) => p.id },
  { header: 'CREATED', value: (p: Publication) => p.created_at },
  { header: 'CUSTOMER', value: (p: Publication) => p.customer_id },
  { header: 'CHANNEL', value: (p: Publication) => p.channel },
  { header: 'RESULT', value: (p: Publication) => p.result },
  { header: 'CAMPAIGN', value: (p: Publication) => p.voucher?.campaign ?? null },
  { header: 'CODES / FAILURE', value: (p: Publication) => (p.voucher ? p.voucher.code : (p.vouchers?.join(' ') ?? p.failure_code ?? '')) },
];

function footer(page: CachedPublicationsPage): string {
  const lines: string[] = [];
  const first = page.total === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.items.length;
  const pages = Math.max(1, Math.ceil(page.total / page.limit));
  lines.push(`Showing ${first}-${last} of ${count(page.total, 'cached publication')} (page ${Math.floor(page.offset / page.limit) + 1} of ${pages}).`);
  if (page.undetermined > 0) {
    lines.push(
      `${count(page.undetermined, 'cached publication')} could not be decided: their list items do not show ${page.unknownFields.join(', ')}. ` +
        'Pull with the same filters (`voucher-desk publications pull ...`) and the cache will know.',
    );
  }
  const pulled = page.lastPull;
  lines.push(
    pulled
      ? `Last pull: #${pulled.id} at ${pulled.startedAt} (${pulled.status}) with ${JSON.stringify(pulled.query)}.`
      : 'Nothing pulled yet for this target: run `voucher-desk publications pull`.',
  );
  return `${lines.join('\n')}\n`;
}

const list: Command = {
  name: 'list',
  usage: '',
  summary: 'list cached publications offline with the same filters and orders as the service',
  options: {
    ...SELECTION_OPTIONS,
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    limit: { type: 'string', description: 'publications a page, 1 to 1000 (default 10)' },
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const selection = selectionOf(args);
    const page = integerOption(args, 'page', 1) ?? 1;
    const limit = integerOption(args, 'limit', 1, CACHE_LIMIT_MAX) ?? 10;
    return withCache(ctx, async (db) => {
      const resolved = resolveTarget(args, db);
      const answer = queryCachedPublications(db, resolved.baseUrl, { ...selection, offset: (page - 1) * limit, limit });
      return { data: { target: resolved.baseUrl, ...answer }, text: `${table(answer.items, columns)}${footer(answer)}` };
    });
  },
};

export const publicationsCommands: GroupCommands = {
  commands: [pull, list],
};
