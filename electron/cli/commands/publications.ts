import { writeFile } from 'node:fs/promises';
import { thousands } from '../../../shared/domain/thousands';
import { pullPhaseText } from '../../../shared/domain/pull-phase-text';
import type { Publication } from '../../../shared/api';
import type { CachedPublicationsPage, PublicationPullSummary } from '../../cache';
import { type Command, type GroupCommands, UsageError, integerOption, stringOption } from '../command';
import { count, progressBar, table } from '../format';
import { TARGET_OPTION, cacheScope, clientFor, projectFor } from '../project-client';
import { withCache } from './cache-access';
import { FILTER_OPTIONS, NARROWING_OPTIONS, SELECTION_OPTIONS, bucketSizeOf, narrowingOf, selectionOf } from './publication-args';
import { statsText } from './publication-stats-text';

// The cache's queries and the API client are imported by each command as it runs: `publications list`
// without options mostly answers from the cache's listing (cache/publication-listing.ts) and needs neither.
const cache = () => import('../../cache');

/** The zone the process runs in (TZ): days, weeks and months are counted in it. */
const processZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

function pullNote(s: PublicationPullSummary): string {
  const how = s.mode === 'full' ? 'whole history' : 'new at the top';
  return `pull #${s.pullId}, ${how}: ${thousands(s.added)} new, ${count(s.requests, 'request')}${s.resumed ? ', carrying on an interrupted pull' : ''}`;
}

const pull: Command = {
  name: 'pull',
  usage: '',
  summary: 'fetch the publication history that answers the filters into the offline cache: what is new since the last pull, or everything with --full',
  options: {
    ...SELECTION_OPTIONS,
    full: { type: 'boolean', description: 'read the whole history again instead of only what is newer than the cache knows' },
    partial: { type: 'boolean', description: 'when the history is larger than the service lists (100,000), cache what it lists instead of stopping' },
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const selection = selectionOf(args);
    const bar = progressBar('Pulling publications', ctx.io.err, ctx.io.stderrIsTty && !ctx.json);
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      // A whole history is read through exports: the token needs both scopes.
      const client = await clientFor(ctx, project, ['publications', 'exports']);
      const cachedBefore = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications WHERE target = ?', [resolved.key])?.n ?? 0;
      const { pullPublications } = await cache();
      const { HistoryTooLargeError } = await import('../../../shared/api');
      const summary = await pullPublications(db, client, selection, {
        cacheKey: resolved.key,
        mode: args.values['full'] === true ? 'full' : 'incremental',
        whenTooLarge: args.values['partial'] === true ? 'partial' : 'throw',
        // An incremental pull expects about as many as the service lists beyond what the cache holds.
        onPullProgress: (p) =>
          bar.update(p.items, p.mode === 'full' ? p.total : Math.max(p.items, p.total - cachedBefore), `${thousands(p.added)} new, ${pullPhaseText(p)}`),
      })
        .catch((error: unknown) => {
          if (error instanceof HistoryTooLargeError) throw new Error(`${error.message} Or pass --partial to cache the first ${thousands(error.reachable)}.`);
          throw error;
        })
        .finally(() => bar.finish());
      const notice = summary.notice ? `\n${summary.notice}\n` : '';
      return {
        data: { project: project.name, ...summary },
        text: `Pulled ${count(summary.items, 'publication')} in ${count(summary.pages, 'page')} from ${resolved.label} (${pullNote(summary)}).\n${notice}`,
      };
    });
  },
};

const stats: Command = {
  name: 'stats',
  usage: '',
  summary: 'count the cached publications offline by day, week or month (local time), result and channel, with top campaigns, failures and the referral share',
  options: {
    by: { type: 'string', description: 'day (default), week (from Monday) or month' },
    ...NARROWING_OPTIONS,
    ...FILTER_OPTIONS,
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const selection = selectionOf(args);
    const timeZone = processZone();
    const query = { selection, narrowing: narrowingOf(args, timeZone), by: bucketSizeOf(args), timeZone };
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      const answer = (await cache()).cachedPublicationStats(db, resolved.key, query);
      return { data: { project: project.name, ...answer }, text: statsText(answer, resolved.label) };
    });
  },
};

const exportCsv: Command = {
  name: 'export',
  usage: '',
  summary: 'write the cached publications the filters answer to a CSV file, newest first unless --order says otherwise, times local and ISO',
  options: {
    out: { type: 'string', description: 'the CSV file to write (required)' },
    ...NARROWING_OPTIONS,
    ...SELECTION_OPTIONS,
    ...TARGET_OPTION,
  },
  async run(ctx, args) {
    const out = stringOption(args, 'out');
    if (out === undefined || out === '') throw new UsageError('--out must name the CSV file to write, e.g. --out publications.csv');
    const selection = selectionOf(args);
    const timeZone = processZone();
    const narrowing = narrowingOf(args, timeZone);
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    return withCache(ctx, async (db) => {
      const answer = (await cache()).exportCachedPublications(db, resolved.key, { selection, narrowing, timeZone });
      await writeFile(out, answer.csv, 'utf8');
      return {
        data: { project: project.name, file: out, rows: answer.rows },
        text: `Wrote ${count(answer.rows, 'publication')} of ${resolved.label} to ${out}.\n`,
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
      : 'Nothing pulled yet for this project: run `voucher-desk publications pull`.',
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
    const limit = stringOption(args, 'limit') === undefined ? 10 : (integerOption(args, 'limit', 1, (await cache()).CACHE_LIMIT_MAX) as number);
    const project = await projectFor(ctx, args);
    const resolved = cacheScope(project);
    const answered = (answer: CachedPublicationsPage) => ({
      data: { project: project.name, ...answer },
      text: `${table(answer.items, columns)}${footer(answer)}Project: ${resolved.label}.\n`,
    });
    // The first page without options, as the cache's listing keeps it while the cache's files are unchanged.
    if (Object.keys(selection).length === 0 && page === 1 && limit === 10) {
      const listed = (await import('../../cache/publication-listing-read')).readFirstPublicationPage(ctx.dataDir, resolved.key);
      if (listed) return answered(listed);
    }
    return withCache(ctx, async (db) =>
      answered((await cache()).queryCachedPublications(db, resolved.key, { ...selection, offset: (page - 1) * limit, limit })),
    );
  },
};

export const publicationsCommands: GroupCommands = {
  commands: [pull, list, stats, exportCsv],
};
