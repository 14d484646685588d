import { PUBLICATION_ORDERS } from '../../../shared/api';
import type { FilterField } from '../../../shared/domain/publication-filter';
import type { PublicationSelection } from '../../../shared/domain/publication-query';

/** Queries over the seeded and extra history: every parameter, every order, every operator, both junctions. */
export const QUERIES: [string, PublicationSelection][] = [
  ['everything in the default order', {}],
  ...PUBLICATION_ORDERS.map((order): [string, PublicationSelection] => [`order ${order}`, { order }]),
  ['campaign', { campaign: 'Spring Promo' }],
  ['customer', { customer: 'cust_extra4', order: 'channel' }],
  ['voucher of a multi-voucher publication', { voucher: 'EX10-B' }],
  ['result', { result: 'FAILURE', order: 'id' }],
  ['voucher_type', { voucher_type: 'loyalty', order: '-tracking_id' }],
  ['is_referral_code', { is_referral_code: true }],
  ['source_id', { source_id: 'src-8' }],
  ['$in', { filters: { customer_id: { conditions: { $in: ['cust_extra1', 'cust_alice0001'] } } } }],
  ['$not_in', { filters: { campaign_name: { conditions: { $not_in: ['Spring Promo', 'Summer Sale'] } } } }],
  ['$is', { filters: { parent_object_id: { conditions: { $is: 'camp_pointsplus01' } } } }],
  ['$is_not', { filters: { failure_code: { conditions: { $is_not: 'customer_rules_violated' } } }, order: 'voucher_code' }],
  ['$has_value', { filters: { source_id: { conditions: { $has_value: true } } } }],
  ['$is_unknown', { filters: { failure_code: { conditions: { $is_unknown: true } } } }],
  ['$contains', { filters: { campaign_name: { conditions: { $contains: 'in' } } } }],
  ['$not_contain', { filters: { related_object_id: { conditions: { $not_contain: 'ex1' } } } }],
  ['$starts_with', { filters: { customer_id: { conditions: { $starts_with: 'cust_extra' } } }, order: '-customer_id' }],
  ['$ends_with', { filters: { source_id: { conditions: { $ends_with: '2' } } } }],
  ['$more_than', { filters: { related_object_id: { conditions: { $more_than: 'v_ex150' } } } }],
  ['$less_than', { filters: { source_id: { conditions: { $less_than: 'src-20' } } } }],
  ['$more_than_equal', { filters: { voucher_type: { conditions: { $more_than_equal: 'gift' } } } }],
  ['$less_than_equal', { filters: { failure_code: { conditions: { $less_than_equal: 'no_voucher_suitable_for_publication' } } } }],
  [
    'junction and',
    {
      filters: {
        junction: 'and',
        result: { conditions: { $is: 'SUCCESS' } },
        campaign_name: { conditions: { $in: ['Spring Promo', 'Gift Season', 'Summer Sale'] } },
        customer_id: { conditions: { $not_in: ['cust_extra2', 'cust_extra3'] } },
      },
    },
  ],
  [
    'junction or',
    {
      filters: {
        junction: 'or',
        failure_code: { conditions: { $is: 'quota_exceeded_7' } },
        voucher_type: { conditions: { $is: 'gift' } },
        source_id: { conditions: { $starts_with: 'src-1' } },
      },
      order: '-created_at',
    },
  ],
  [
    'parameters with filters',
    { campaign: 'Bring a Buddy', result: 'SUCCESS', filters: { customer_id: { conditions: { $is_not: 'cust_extra0' } } }, order: '-voucher_code' },
  ],
  ['is_referral_code as a filter', { filters: { is_referral_code: { conditions: { $is: 'true' } } } }],
];

/** Fields every list item shows, so a query reading only these is decided without learning anything. */
export const SHOWN_FIELDS: readonly FilterField[] = ['customer_id', 'result', 'failure_code', 'source_id', 'related_object_id'];
