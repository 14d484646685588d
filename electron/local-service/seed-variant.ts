import { fnv1a } from '../../shared/domain/text-hash';
import { SEED_CUSTOMERS, type SeedCustomer } from './seed-catalog';

// A project's seed variant, named by a tag: '' is the familiar seed (SUMMER-001, cust_alice0001,
// pub_seed001) that the first project gets, so every existing script and test keeps its names; any
// other tag (a project's name) gives the project its own customers, codes and publications, as two
// projects of the service never share them. The catalog (campaigns, stacks, rules, rewards) is the same.

/** A 32-bit seed for the tag's generated history (FNV-1a of the tag, mixed with the base seed). */
export function variantSeed(base: number, tag: string): number {
  if (tag === '') return base;
  return (fnv1a(tag) ^ base) >>> 0;
}

/** The seeded customers as the tag's project has them: their own ids, source ids and emails. */
export function variantCustomers(tag: string): SeedCustomer[] {
  if (tag === '') return SEED_CUSTOMERS;
  const mail = (address: string): string => address.replace('@', `+${tag}@`);
  return SEED_CUSTOMERS.map((c) => ({
    id: `${c.id}_${tag}`,
    source_id: c.source_id.includes('@') ? mail(c.source_id) : `${c.source_id}-${tag}`,
    name: c.name,
    email: mail(c.email),
  }));
}

/** A seeded code as the tag's project has it: `SUMMER-001`, or `STAGING-SUMMER-001` for tag `staging`. */
export function variantCode(tag: string, code: string): string {
  return tag === '' ? code : `${tag.toUpperCase()}-${code}`;
}

/** A seeded id as the tag's project has it: `pub_seed001`, or `pub_staging_seed001`. */
export function variantId(tag: string, id: string): string {
  if (tag === '') return id;
  const cut = id.indexOf('_') + 1;
  return `${id.slice(0, cut)}${tag}_${id.slice(cut)}`;
}
