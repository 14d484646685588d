// The query builder alone, not the whole client: `publications list` checks its options without it.
import { buildPublicationsQuery, type PublicationOrder } from '../../../shared/api/publications-query';
import { historyInstant } from '../../../shared/domain/history-dates';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import { HISTORY_BUCKETS, type HistoryBucketSize, type HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { type OptionSpec, type ParsedArgs, UsageError, checkedOptions, jsonOption, stringOption } from '../command';

// The listing's query (spec 4.1) as command-line options, shared by the `publications` commands,
// and the cache's own narrowing by time and channel for `stats` and `export`.

export const SELECTION_OPTIONS: Record<string, OptionSpec> = {
  campaign: { type: 'string', description: 'campaign name' },
  customer: { type: 'string', description: 'customer id' },
  voucher: { type: 'string', description: 'voucher code' },
  result: { type: 'string', description: 'SUCCESS or FAILURE' },
  'voucher-type': { type: 'string', description: 'discount or loyalty' },
  referral: { type: 'boolean', description: 'only publications of referral codes (is_referral_code=true)' },
  'source-id': { type: 'string', description: 'the publication created with this source_id' },
  filters: {
    type: 'string',
    description: 'the filters deep object as JSON, e.g. \'{"customer_id":{"conditions":{"$in":["cust_1","cust_2"]}},"junction":"or"}\'',
  },
  order: {
    type: 'string',
    description: 'id, voucher_code, tracking_id, customer_id, created_at or channel; a leading - descends (write it --order=-created_at)',
  },
};

/** The selection the options describe, checked as the service's query: a wrong value is wrong usage. */
export function selectionOf(args: ParsedArgs): PublicationSelection {
  const filters = jsonOption(args, 'filters');
  if (filters !== undefined && (typeof filters !== 'object' || filters === null || Array.isArray(filters))) {
    throw new UsageError('--filters must be a JSON object keyed by filter field, e.g. {"result":{"conditions":{"$is":"SUCCESS"}}}');
  }
  const pick: [keyof PublicationSelection, string | undefined][] = [
    ['campaign', stringOption(args, 'campaign')],
    ['customer', stringOption(args, 'customer')],
    ['voucher', stringOption(args, 'voucher')],
    ['result', stringOption(args, 'result')],
    ['voucher_type', stringOption(args, 'voucher-type')],
    ['source_id', stringOption(args, 'source-id')],
    ['order', stringOption(args, 'order')],
  ];
  const selection: Record<string, unknown> = Object.fromEntries(pick.filter(([, v]) => v !== undefined));
  if (args.values['referral'] === true) selection.is_referral_code = true;
  if (filters !== undefined) selection.filters = filters;
  const checked = selection as PublicationSelection & { order?: PublicationOrder };
  checkedOptions(() => buildPublicationsQuery(checked));
  return checked;
}

/** The selection's options without the order: for commands that count or export rather than page. */
export const FILTER_OPTIONS: Record<string, OptionSpec> = Object.fromEntries(Object.entries(SELECTION_OPTIONS).filter(([name]) => name !== 'order'));

export const NARROWING_OPTIONS: Record<string, OptionSpec> = {
  from: { type: 'string', description: 'from this day (YYYY-MM-DD, local) or instant (ISO with Z or an offset), inclusive' },
  to: { type: 'string', description: 'up to this day, inclusive (YYYY-MM-DD, local), or up to this instant, exclusive (ISO with Z or an offset)' },
  channel: { type: 'string', description: 'only publications through this channel, e.g. Email (exact)' },
};

/** The time range and channel the options ask for, days read in `timeZone`. */
export function narrowingOf(args: ParsedArgs, timeZone: string): HistoryNarrowing {
  const instant = (name: 'from' | 'to'): string | undefined => {
    const text = stringOption(args, name);
    if (text === undefined) return undefined;
    try {
      return historyInstant(text, timeZone, name === 'from' ? 'start' : 'end');
    } catch (error) {
      throw new UsageError(`--${name} ${(error as Error).message}`);
    }
  };
  const [from, to, channel] = [instant('from'), instant('to'), stringOption(args, 'channel')];
  if (from !== undefined && to !== undefined && Date.parse(from) >= Date.parse(to)) {
    throw new UsageError(`--from must be before --to (got ${stringOption(args, 'from')} and ${stringOption(args, 'to')})`);
  }
  if (channel === '') throw new UsageError('--channel must name a channel, e.g. Email');
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }), ...(channel !== undefined && { channel }) };
}

/** --by: day (default), week or month. */
export function bucketSizeOf(args: ParsedArgs): HistoryBucketSize {
  const by = stringOption(args, 'by') ?? 'day';
  if (!(HISTORY_BUCKETS as readonly string[]).includes(by)) throw new UsageError(`--by must be one of ${HISTORY_BUCKETS.join(', ')} (got "${by}")`);
  return by as HistoryBucketSize;
}
