import type { Campaign } from './campaigns';
import { Dice } from './dice';
import { HISTORY_CHANNELS, HISTORY_FAILURES } from './history-catalog';
import { newId } from './http';
import { customerObject, publicationDoc, type CustomerRecord } from './publication-builder';
import type { PublicationDoc } from './publication-doc';
import type { SandboxState } from './state';

/** Most publications one append adds: each is a stored document, a few seconds per 100,000. */
export const MAX_APPENDED_PUBLICATIONS = 100_000;
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Adds `count` publications newer than every stored one, as a live project gains them: spread
 * evenly from just after the newest up to the clock's now (a millisecond apart past it when the
 * clock has not moved), over the project's own campaigns, customers and channels, about one in
 * twenty failed. Their codes live in the publications only, as the seeded history's do. Answers
 * how many publications the project has now.
 */
export function appendPublications(state: SandboxState, count: number): number {
  const existing = state.publications.all();
  let newest = 0;
  for (const { item } of existing) newest = Math.max(newest, Date.parse(item.created_at));
  const campaigns = state.docs.all<Campaign>('campaign');
  const customers = state.docs.all<CustomerRecord>('customer');
  if (campaigns.length === 0 || customers.length === 0) throw new Error('the project has no campaigns or customers to publish from');
  const dice = new Dice(existing.length + count);
  const now = state.clock.now();
  const span = Math.max(0, now - newest);
  const docs: PublicationDoc[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = span >= count ? newest + Math.ceil((span * (i + 1)) / count) : newest + i + 1;
    const campaign = campaigns[dice.below(campaigns.length)] as Campaign;
    const customer = customers[dice.below(customers.length)] as CustomerRecord;
    const channel = HISTORY_CHANNELS[dice.below(HISTORY_CHANNELS.length)]?.name ?? 'API';
    const reasons = HISTORY_FAILURES.filter((f) => f.applies(campaign));
    const reason = reasons.length > 0 && dice.unit() < 0.05 ? reasons[dice.below(reasons.length)] : undefined;
    const prefix = campaign.name.split(' ')[0]?.toUpperCase() ?? 'CODE';
    docs.push(
      publicationDoc({
        id: newId('pub_'),
        createdAt: new Date(at).toISOString(),
        campaign,
        customer: customerObject(customer, 0, customer.created_at ?? new Date(at).toISOString()),
        trackingId: customer.source_id,
        channel,
        sourceId: null,
        metadata: { source_type: 'appended' },
        // The id's per-run part keeps codes unique beside every code already given.
        outcome: reason
          ? { failure_code: reason.code, failure_message: reason.message(campaign, customer.id) }
          : { codes: [`${prefix}-${dice.text(CODE_CHARS, 4)}${newId('').toUpperCase()}`] },
      }),
    );
  }
  state.vouchers.transaction(() => state.publications.put(docs));
  state.store.touched();
  return existing.length + count;
}
