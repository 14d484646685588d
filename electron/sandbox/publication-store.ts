import type { DocStore } from './docs';
import type { PublicationDoc } from './publication-doc';
import { PublicationSnapshot } from './publication-snapshot';

/**
 * The publications, stored as documents and kept parsed in memory so a list page reads neither
 * SQLite nor JSON. Any put of a publication document, through here or not, retires the copy.
 */
export class PublicationStore {
  private snapshot: PublicationSnapshot | undefined;
  private revision = -1;

  constructor(private readonly docs: DocStore) {}

  /** Stores publications; an id already stored is replaced in its place, a new one goes last. */
  put(publications: readonly PublicationDoc[]): void {
    const before = this.current().docs;
    for (const p of publications) this.docs.put('publication', p.item.id, p);
    const merged = [...before];
    const at = new Map(merged.map((d, i) => [d.item.id, i]));
    for (const p of publications) {
      const i = at.get(p.item.id);
      if (i === undefined) at.set(p.item.id, merged.push(p) - 1);
      else merged[i] = p;
    }
    this.snapshot = new PublicationSnapshot(merged);
    this.revision = this.docs.revision('publication');
  }

  /** Every publication in the order first stored. */
  all(): readonly PublicationDoc[] {
    return this.current().docs;
  }

  current(): PublicationSnapshot {
    const revision = this.docs.revision('publication');
    if (!this.snapshot || revision !== this.revision) {
      this.snapshot = new PublicationSnapshot(this.docs.all<PublicationDoc>('publication'));
      this.revision = revision;
    }
    return this.snapshot;
  }
}
