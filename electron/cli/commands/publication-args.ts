import { buildPublicationsQuery, type PublicationOrder } from '../../../shared/api';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import { type OptionSpec, type ParsedArgs, UsageError, checkedOptions, jsonOption, stringOption } from '../command';

// The listing's query (spec 4.1) as command-line options, shared by `publications pull` and `list`.

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
