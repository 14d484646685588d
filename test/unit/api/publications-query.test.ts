import { describe, expect, it } from 'vitest';
import { buildPublicationsQuery, type PublicationsQuery } from '../../../shared/api';
import { invalidRequestOf } from './invalid-request';

function rejects(query: unknown, parameter: string, allowedPart: string): void {
  const e = invalidRequestOf(() => buildPublicationsQuery(query as PublicationsQuery));
  expect(e.parameter).toBe(parameter);
  expect(e.allowed).toContain(allowedPart);
  expect(e.message).toContain(parameter);
}

describe('buildPublicationsQuery', () => {
  it('renders every plain parameter, values percent-encoded', () => {
    const q = buildPublicationsQuery({
      limit: 100,
      page: 1000,
      order: '-created_at',
      campaign: 'Summer & Sale',
      customer: 'cust_1',
      voucher: 'A/B?#%',
      result: 'FAILURE',
      voucher_type: 'loyalty',
      is_referral_code: true,
      source_id: 'src 1',
    });
    expect(q).toBe(
      'limit=100&page=1000&order=-created_at&campaign=Summer%20%26%20Sale&customer=cust_1&voucher=A%2FB%3F%23%25' +
        '&source_id=src%201&result=FAILURE&voucher_type=loyalty&is_referral_code=true',
    );
    const parsed = new URLSearchParams(q);
    expect(parsed.get('voucher')).toBe('A/B?#%');
    expect(parsed.get('campaign')).toBe('Summer & Sale');
  });

  it('leaves out is_referral_code=false, which has no effect', () => {
    expect(buildPublicationsQuery({ is_referral_code: false })).toBe('');
  });

  it('renders the filters deep object in the form of service-facts', () => {
    const q = buildPublicationsQuery({
      filters: {
        customer_id: { conditions: { $in: ['cust_1', 'cust_2'] } },
        campaign_name: { conditions: { $starts_with: 'Win ter' } },
        failure_code: { conditions: { $has_value: true } },
        junction: 'or',
      },
    });
    expect(q).toBe(
      'filters[customer_id][conditions][$in][0]=cust_1&filters[customer_id][conditions][$in][1]=cust_2' +
        '&filters[campaign_name][conditions][$starts_with]=Win%20ter&filters[failure_code][conditions][$has_value]=' +
        '&filters[junction]=or',
    );
    const parsed = new URLSearchParams(q);
    expect(parsed.get('filters[campaign_name][conditions][$starts_with]')).toBe('Win ter');
  });

  it('rejects limits outside 1..100 and pages outside 1..1000', () => {
    rejects({ limit: 0 }, 'limit', 'from 1 to 100');
    rejects({ limit: 101 }, 'limit', 'from 1 to 100');
    rejects({ limit: 2.5 }, 'limit', 'integer');
    rejects({ page: 0 }, 'page', 'from 1 to 1000');
    rejects({ page: 1001 }, 'page', 'from 1 to 1000');
    expect(buildPublicationsQuery({ limit: 1, page: 1 })).toBe('limit=1&page=1');
  });

  it('rejects unknown order and enum values, naming what is allowed', () => {
    rejects({ order: 'created' }, 'order', '-created_at');
    rejects({ result: 'OK' }, 'result', 'SUCCESS, FAILURE');
    rejects({ voucher_type: 'gift' }, 'voucher_type', 'discount, loyalty');
    rejects({ is_referral_code: 'yes' }, 'is_referral_code', 'true or false');
    rejects({ campaign: '' }, 'campaign', 'non-empty');
  });

  it('rejects unknown parameters, filter fields, operators and malformed conditions', () => {
    rejects({ campagin: 'x' }, 'query.campagin', 'only these keys');
    rejects({ filters: { created_at: { conditions: { $is: 'x' } } } }, 'filters.created_at', 'customer_id');
    rejects({ filters: { result: { conditions: { $like: 'x' } } } }, 'filters.result.conditions.$like', '$in');
    rejects({ filters: { result: { conditions: { $in: 'SUCCESS' } } } }, 'filters.result.conditions.$in', 'array');
    rejects({ filters: { result: { conditions: { $in: [] } } } }, 'filters.result.conditions.$in', 'non-empty array');
    rejects({ filters: { result: { conditions: { $is: 3 } } } }, 'filters.result.conditions.$is', 'string');
    rejects({ filters: { result: { conditions: {} } } }, 'filters.result.conditions', 'at least one');
    rejects({ filters: { result: { conditions: { $is_unknown: 'x' } } } }, 'filters.result.conditions.$is_unknown', 'no value');
    rejects({ filters: { junction: 'xor' } }, 'filters.junction', 'and, or');
  });
});
