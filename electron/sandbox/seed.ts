import { SEED_CAMPAIGNS, SEED_CATEGORIES, SEED_CUSTOMERS } from './seed-catalog';
import { seedPublications } from './seed-publications';
import { SEED_EARNING_RULES } from './seed-earning-rules';
import { SEED_REWARDS, SEED_STACKS } from './seed-resources';
import type { SandboxState } from './state';

/** Fills a new project with customers, campaigns (one a referral program), codes, publications and more. */
export function seedProject(state: SandboxState): void {
  const { docs, vouchers } = state;
  const { publications, vouchers: issued } = seedPublications();
  vouchers.transaction(() => {
    for (const c of SEED_CUSTOMERS) docs.put('customer', c.id, c);
    for (const c of SEED_CATEGORIES) docs.put('category', c.id, c);
    for (const c of SEED_CAMPAIGNS) docs.put('campaign', c.id, c);
    for (const v of issued) vouchers.insert(v);
    state.publications.put(publications);
    for (const s of SEED_STACKS) docs.put('stack', s.id, s);
    for (const r of SEED_EARNING_RULES) docs.put('earning_rule', r.id, r);
    for (const r of SEED_REWARDS) docs.put('reward', r.id, r);
  });
  state.store.touched();
}
