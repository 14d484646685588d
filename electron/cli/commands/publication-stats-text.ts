import { thousands } from '../../../shared/domain/thousands';
import { localIso } from '../../../shared/domain/time-zones';
import type { HistoryBucket, PublicationStats } from '../../../shared/ipc/publication-history';
import { count, table, type Column } from '../format';

// `publications stats` for people: the buckets as a table (one column a channel), then totals,
// campaigns, failures and the referral share, times in the local zone.

const CHANNEL_COLUMNS = 6;

const local = (iso: string | null, timeZone: string): string => (iso === null ? 'never' : localIso(Date.parse(iso), timeZone).replace('T', ' '));

function bucketColumns(stats: PublicationStats): Column<HistoryBucket>[] {
  const label = { day: 'DAY', week: 'WEEK OF', month: 'MONTH' }[stats.by];
  const named = stats.channels.length > CHANNEL_COLUMNS ? stats.channels.slice(0, CHANNEL_COLUMNS - 1) : stats.channels;
  const others = new Set(stats.channels.slice(named.length).map((c) => c.channel));
  return [
    { header: label, value: (b) => (stats.by === 'month' ? b.start.slice(0, 7) : b.start.slice(0, 10)) },
    { header: 'TOTAL', value: (b) => b.total },
    { header: 'SUCCESS', value: (b) => b.byResult.SUCCESS },
    { header: 'FAILURE', value: (b) => b.byResult.FAILURE },
    ...named.map(({ channel }): Column<HistoryBucket> => ({ header: channel, value: (b) => b.byChannel[channel] ?? 0 })),
    ...(others.size > 0
      ? [{ header: 'OTHER CHANNELS', value: (b: HistoryBucket) => Object.entries(b.byChannel).reduce((n, [c, k]) => n + (others.has(c) ? k : 0), 0) }]
      : []),
  ];
}

const percent = (part: number, whole: number): string => (whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`);

export function statsText(stats: PublicationStats, source: string): string {
  const lines = [`Publications by ${stats.by} in ${stats.timeZone}, from the offline cache of ${source}:`, ''];
  lines.push(stats.buckets.length > 0 ? table(stats.buckets, bucketColumns(stats)) : 'No cached publications answer these filters.\n');
  lines.push(`Total: ${count(stats.total, 'publication')}, ${thousands(stats.succeeded)} succeeded, ${thousands(stats.failed)} failed.`);
  if (stats.undetermined > 0) {
    lines.push(
      `${count(stats.undetermined, 'more cached publication')} could not be decided for these filters: pull with the same filters and the cache will know.`,
    );
  }
  if (stats.channels.length > 0) lines.push(`Channels: ${stats.channels.map((c) => `${c.channel} ${thousands(c.count)}`).join(', ')}.`);
  if (stats.topCampaigns.length > 0 || stats.campaignUnknown > 0) {
    const named = stats.topCampaigns.map((c) => `${c.name ?? '(no campaign)'} ${thousands(c.count)}`).join(', ');
    const unknown =
      stats.campaignUnknown > 0 ? `${named ? '; ' : ''}${count(stats.campaignUnknown, 'publication')} whose list item does not show its campaign` : '';
    lines.push(`Top campaigns: ${named}${unknown}.`);
  }
  if (stats.failures.length > 0) {
    lines.push('Failures:');
    for (const f of stats.failures) {
      lines.push(`  ${f.code ?? '(no code)'}: ${thousands(f.count)}`);
      for (const m of f.messages) lines.push(`    ${thousands(m.count)} × ${m.message ?? '(no message)'}`);
    }
  }
  const { referral, other, unknown } = stats.referral;
  lines.push(
    `Referral codes: ${percent(referral, referral + other)} (${thousands(referral)} of ${thousands(referral + other)} known` +
      `${unknown > 0 ? `; ${thousands(unknown)} unknown` : ''}).`,
  );
  lines.push(
    `First ${local(stats.firstAt, stats.timeZone)}, last ${local(stats.lastAt, stats.timeZone)}; last pull ${local(stats.lastPullAt, stats.timeZone)}.`,
  );
  return `${lines.join('\n')}\n`;
}
