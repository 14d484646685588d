import type { PublicationOrderKey } from '../../shared/domain/publication-order';
import { rankedBy, sliceOf, subsetOf, type OrderedList, type RankedList } from './ordered-list';
import { admits, equalitiesOf, isUnfiltered, type IndexedField, type PublicationCriteria } from './publication-criteria';
import type { PublicationDoc } from './publication-doc';

/** Queries whose selection stays ready between pages; a pull walks one query at a time. */
const KEPT_SELECTIONS = 32;

/** The value a publication sorts by: the item's own fields, or the facts (a code, a tracking id, a customer). */
function sortKey({ item, facts }: PublicationDoc, key: PublicationOrderKey): string | null {
  return key === 'id' || key === 'created_at' || key === 'channel' ? item[key] : facts[key];
}

/**
 * The publications as stored at one moment, with what makes a page cheap: one sorted list per
 * order key, value indexes per field and the selections of recent queries, each built on first use.
 * A change to the publications makes a new snapshot, so nothing here is ever stale.
 */
export class PublicationSnapshot {
  private readonly views = new Map<PublicationOrderKey, RankedList>();
  private readonly indexes = new Map<IndexedField, Map<string, number[]>>();
  private readonly selections = new Map<string, OrderedList>();

  constructor(readonly docs: readonly PublicationDoc[]) {}

  /** One page in `order` (a key, or a dash and a key for descending) and the exact count selected. */
  page(criteria: PublicationCriteria, order: string, offset: number, limit: number): { items: PublicationDoc[]; total: number } {
    const descending = order.startsWith('-');
    const key = (descending ? order.slice(1) : order) as PublicationOrderKey;
    const list = isUnfiltered(criteria) ? this.view(key) : this.selection(criteria, key);
    return { items: sliceOf(list, descending, offset, limit).map((i) => this.docs[i] as PublicationDoc), total: list.positions.length };
  }

  /** Every publication in `order` (a key, or a dash and a key), as the list would page through them. */
  inOrder(order: string): PublicationDoc[] {
    const descending = order.startsWith('-');
    const view = this.view((descending ? order.slice(1) : order) as PublicationOrderKey);
    return sliceOf(view, descending, 0, view.positions.length).map((i) => this.docs[i] as PublicationDoc);
  }

  private view(key: PublicationOrderKey): RankedList {
    let view = this.views.get(key);
    if (!view) {
      view = rankedBy(
        this.docs.map((d) => sortKey(d, key)),
        this.docs.map((d) => d.item.id),
      );
      this.views.set(key, view);
    }
    return view;
  }

  /** The selection in the key's order, kept for the next pages of the same query (least recently used goes first). */
  private selection(criteria: PublicationCriteria, key: PublicationOrderKey): OrderedList {
    const id = JSON.stringify([key, criteria]);
    const kept = this.selections.get(id);
    this.selections.delete(id);
    const list = kept ?? subsetOf(this.view(key), this.members(criteria));
    this.selections.set(id, list);
    if (this.selections.size > KEPT_SELECTIONS) this.selections.delete(this.selections.keys().next().value as string);
    return list;
  }

  /** Record numbers the criteria admit, checking only the smallest indexed candidate set when there is one. */
  private members(criteria: PublicationCriteria): number[] {
    let candidates: number[] | undefined;
    for (const { field, values } of equalitiesOf(criteria)) {
      const index = this.index(field);
      const found = values.flatMap((v) => index.get(v) ?? []);
      if (!candidates || found.length < candidates.length) candidates = found;
    }
    const out: number[] = [];
    const check = (i: number): void => {
      if (admits(criteria, this.docs[i] as PublicationDoc)) out.push(i);
    };
    if (candidates) candidates.forEach(check);
    else for (let i = 0; i < this.docs.length; i += 1) check(i);
    return out;
  }

  /** Record numbers by the field's value as text (as the filter operators read it); no entry for null. */
  private index(field: IndexedField): Map<string, number[]> {
    let index = this.indexes.get(field);
    if (!index) {
      const built = new Map<string, number[]>();
      const add = (value: string, i: number): void => {
        const list = built.get(value);
        if (list) list.push(i);
        else built.set(value, [i]);
      };
      this.docs.forEach(({ facts }, i) => {
        if (field === 'codes') for (const code of new Set(facts.codes)) add(code, i);
        else if (facts[field] !== null) add(String(facts[field]), i);
      });
      index = built;
      this.indexes.set(field, index);
    }
    return index;
  }
}
