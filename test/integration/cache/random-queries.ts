import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import { PUBLICATION_ORDERS, PUBLICATION_VOUCHER_TYPES, type FilterConditions, type PublicationFilters, type PublicationOrder } from '../../../shared/api';
import { FILTER_FIELDS, FILTER_OPERATORS, type FilterField } from '../../../shared/domain/publication-filter';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';

/** A small seeded PRNG (mulberry32): the same seed draws the same cases on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Makes part of a history's source ids numbers, and part of them carry `%` and `_`, so comparisons
 * run as numbers where the service does and text operators meet LIKE's wildcards.
 */
export function withOddSourceIds(docs: PublicationDoc[]): PublicationDoc[] {
  docs.forEach((doc, n) => {
    const odd = n % 10 === 1 ? String((n * 7) % 60) : n % 10 === 7 ? `s%_${n % 5}` : undefined;
    if (odd === undefined) return;
    doc.item.source_id = odd;
    doc.facts.source_id = odd;
  });
  return docs;
}

type Pool = Record<FilterField, string[]>;

/** Every value each filter field has in the history, as the filters compare them (text). */
export function valuePool(docs: readonly PublicationDoc[]): Pool {
  const pool = Object.fromEntries(FILTER_FIELDS.map((f) => [f, new Set<string>()])) as Record<FilterField, Set<string>>;
  for (const { facts } of docs) {
    for (const field of FILTER_FIELDS) {
      const value = facts[field];
      if (value !== null) pool[field].add(String(value));
    }
  }
  return Object.fromEntries(FILTER_FIELDS.map((f) => [f, [...pool[f]].sort()])) as Pool;
}

export class CaseMaker {
  constructor(
    private readonly random: () => number,
    private readonly pool: Pool,
    private readonly codes: readonly string[],
  ) {}

  private pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** A value of the field from the data, a piece of one, a number, or one the data lacks (the client refuses empty values). */
  private value(field: FilterField): string {
    const real = this.pick(this.pool[field].length > 0 ? this.pool[field] : ['none']);
    const kind = this.random();
    if (kind < 0.55) return real;
    if (kind < 0.75) {
      const start = Math.floor(this.random() * real.length);
      return real.slice(start, start + 1 + Math.floor(this.random() * 4));
    }
    if (kind < 0.85) return String(Math.floor(this.random() * 70));
    return this.pick(['absent-value', 'ZZZ', 'a', '%', '_', ' ']);
  }

  private conditions(field: FilterField): FilterConditions {
    const conditions: Record<string, unknown> = {};
    const count = this.chance(0.2) ? 2 : 1;
    while (Object.keys(conditions).length < count) {
      const op = this.pick(FILTER_OPERATORS);
      if (op === '$in' || op === '$not_in') conditions[op] = Array.from({ length: 1 + Math.floor(this.random() * 3) }, () => this.value(field));
      else if (op === '$has_value' || op === '$is_unknown') conditions[op] = true;
      else conditions[op] = this.value(field);
    }
    return conditions;
  }

  selection(): PublicationSelection {
    const q: PublicationSelection = {};
    if (this.chance(0.12)) q.campaign = this.chance(0.8) ? this.pick(this.pool.campaign_name) : 'No Such Campaign';
    if (this.chance(0.12)) q.customer = this.pick(this.pool.customer_id);
    if (this.chance(0.08)) q.voucher = this.chance(0.8) ? this.pick(this.codes) : 'NO-SUCH-CODE';
    if (this.chance(0.12)) q.result = this.pick(['SUCCESS', 'FAILURE'] as const);
    if (this.chance(0.1)) q.voucher_type = this.pick(PUBLICATION_VOUCHER_TYPES);
    if (this.chance(0.1)) q.is_referral_code = this.chance(0.7);
    if (this.chance(0.1)) q.source_id = this.pick(this.pool.source_id);
    if (this.chance(0.85)) {
      const filters: PublicationFilters = {};
      const fields = new Set<FilterField>();
      const wanted = 1 + Math.floor(this.random() * 3);
      while (fields.size < wanted) fields.add(this.pick(FILTER_FIELDS));
      for (const field of fields) filters[field] = { conditions: this.conditions(field) };
      if (this.chance(0.7)) filters.junction = this.pick(['and', 'or'] as const);
      q.filters = filters;
    }
    if (this.chance(0.9)) q.order = this.pick<PublicationOrder>(PUBLICATION_ORDERS);
    return q;
  }

  /** A time range (either end may be open) and sometimes a channel, within or around the history's times. */
  narrowing(times: readonly string[], channels: readonly string[]): HistoryNarrowing {
    const sorted = [...times].sort();
    const at = () => this.pick(sorted);
    const narrowing: HistoryNarrowing = {};
    if (this.chance(0.6)) narrowing.from = at();
    if (this.chance(0.6)) narrowing.to = at();
    if (this.chance(0.4) || Object.keys(narrowing).length === 0) narrowing.channel = this.chance(0.9) ? this.pick(channels) : 'Carrier pigeon';
    return narrowing;
  }
}
