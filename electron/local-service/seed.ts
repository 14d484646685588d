import { vouchersOf } from './publication-builder';
import { SEED_CAMPAIGNS, SEED_CATEGORIES } from './seed-catalog';
import { seedPublications } from './seed-publications';
import { SEED_EARNING_RULES } from './seed-earning-rules';
import { seedHistory } from './seed-history';
import { SEED_REWARDS, SEED_STACKS } from './seed-resources';
import { variantCustomers } from './seed-variant';
import type { SandboxState } from './state';

/**
 * Fills a new project with customers, campaigns (one a referral program), codes, publications and
 * more: thirty publications and their codes, or a two-year history of `historySize` publications
 * ending at the sandbox clock's now. The history's codes live in its publications only: storing
 * 100,000 of them in the voucher table would cost seconds that seeding cannot spend. `tag` picks
 * the seed variant (see seed-variant.ts): '' the familiar one, a project's name its own.
 */
export function seedProject(state: SandboxState, historySize?: number, tag = ''): void {
  const { docs, vouchers } = state;
  const endMs = state.clock.now();
  const history = historySize === undefined ? undefined : seedHistory(historySize, endMs, tag);
  const publications = history?.publications ?? seedPublications(tag);
  vouchers.transaction(() => {
    for (const c of history?.customers ?? variantCustomers(tag)) docs.put('customer', c.id, c);
    for (const c of SEED_CATEGORIES) docs.put('category', c.id, c);
    for (const c of history?.campaigns ?? SEED_CAMPAIGNS) docs.put('campaign', c.id, c);
    if (history) state.publications.adoptHistory(publications, endMs, tag);
    else {
      for (const v of vouchersOf(publications, SEED_CAMPAIGNS)) vouchers.insert(v);
      state.publications.put(publications);
    }
    for (const s of SEED_STACKS) docs.put('stack', s.id, s);
    for (const r of SEED_EARNING_RULES) docs.put('earning_rule', r.id, r);
    for (const r of SEED_REWARDS) docs.put('reward', r.id, r);
  });
  state.store.touched();
}
