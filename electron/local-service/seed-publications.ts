import type { Campaign } from './campaigns';
import { customerObject, publicationDoc } from './publication-builder';
import type { PublicationDoc } from './publication-doc';
import { SEED_CAMPAIGNS, seedIso, type SeedCustomer } from './seed-catalog';
import { variantCode, variantCustomers, variantId } from './seed-variant';

const CHANNELS = ['API', 'Email', 'SMS', 'Voucherify Dashboard'];
const FAILURES = [
  { failure_code: 'no_voucher_suitable_for_publication', failure_message: 'No voucher suitable for publication in campaign Summer Sale.' },
  { failure_code: 'customer_rules_violated', failure_message: 'The customer does not satisfy the campaign rules.' },
];

/** Thirty publications of all three variants over the seeded customers and campaigns, in the `tag`'s variant. */
export function seedPublications(tag = ''): PublicationDoc[] {
  const customers = variantCustomers(tag);
  const [summer, loyalty, referral, gifts] = SEED_CAMPAIGNS as [Campaign, Campaign, Campaign, Campaign];
  const plan: (Campaign | 'multi' | 'failure')[] = [summer, loyalty, referral, 'multi', 'failure', gifts];
  const publications: PublicationDoc[] = [];
  for (let i = 0; i < 30; i += 1) {
    const customer = customers[i % customers.length] as SeedCustomer;
    const createdAt = seedIso(24 + i * 37);
    const kind = plan[i % plan.length] ?? 'failure';
    const campaign = kind === 'multi' || kind === 'failure' ? summer : kind;
    const n = String(i + 1).padStart(3, '0');
    const prefix = campaign.name.split(' ')[0]?.toUpperCase() ?? 'CODE';
    const codes = kind === 'failure' ? [] : (kind === 'multi' ? [`${prefix}-${n}A`, `${prefix}-${n}B`] : [`${prefix}-${n}`]).map((c) => variantCode(tag, c));
    publications.push(
      publicationDoc({
        id: variantId(tag, `pub_seed${n}`),
        createdAt,
        campaign,
        customer: customerObject(customer, kind === loyalty ? 120 : 0, seedIso(-24)),
        trackingId: customer.source_id,
        channel: CHANNELS[i % CHANNELS.length] ?? 'API',
        sourceId: i % 3 === 0 ? `order-${1000 + i}` : null,
        metadata: i % 2 === 0 ? { source_type: 'distribution', distribution_id: `distr_seed${i % 4}` } : {},
        outcome: kind === 'failure' ? (FAILURES[i % FAILURES.length] as (typeof FAILURES)[number]) : { codes },
      }),
    );
  }
  return publications;
}
