import type { Database } from 'sql.js';
import type { DocStore } from './docs';
import { HISTORY_GENERATOR, loadHistorySpec, saveHistorySpec } from './history-spec';
import type { PublicationDoc } from './publication-doc';
import { PublicationSnapshot } from './publication-snapshot';
import { seedHistory } from './seed-history';

/**
 * The publications: a seeded history (rebuilt from its spec, never stored row by row) and the
 * publication documents, kept parsed in memory so a list page reads neither SQLite nor JSON. Any
 * put of a publication document, through here or not, retires the copy; a stored document
 * replaces a history item with the same id.
 */
export class PublicationStore {
  private history: readonly PublicationDoc[] | undefined;
  private snapshot: PublicationSnapshot | undefined;
  private revision = -1;

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
  ) {}

  /** Checks that a history this file was seeded with can be rebuilt here (throws a clear error if not). */
  check(): void {
    loadHistorySpec(this.db);
  }

  /** Makes `history` (seeded from `count`, `endMs` and `tag`) the project's history and records how to rebuild it. */
  adoptHistory(history: readonly PublicationDoc[], endMs: number, tag: string): void {
    saveHistorySpec(this.db, { count: history.length, endMs, generator: HISTORY_GENERATOR, ...(tag === '' ? {} : { tag }) });
    this.history = history;
    this.snapshot = undefined;
  }

  /** Stores publication documents; an id already stored is replaced in its place, a new one goes last. */
  put(publications: readonly PublicationDoc[]): void {
    for (const p of publications) this.docs.put('publication', p.item.id, p);
  }

  /** Every publication: the history in time order, then the documents in the order first stored. */
  all(): readonly PublicationDoc[] {
    return this.current().docs;
  }

  current(): PublicationSnapshot {
    const revision = this.docs.revision('publication');
    if (!this.snapshot || revision !== this.revision) {
      this.snapshot = new PublicationSnapshot(merged(this.historyDocs(), this.docs.all<PublicationDoc>('publication')));
      this.revision = revision;
    }
    return this.snapshot;
  }

  private historyDocs(): readonly PublicationDoc[] {
    if (!this.history) {
      const spec = loadHistorySpec(this.db);
      this.history = spec ? seedHistory(spec.count, spec.endMs, spec.tag).publications : [];
    }
    return this.history;
  }
}

function merged(history: readonly PublicationDoc[], stored: readonly PublicationDoc[]): PublicationDoc[] {
  if (stored.length === 0) return [...history];
  const out = [...history];
  const at = new Map(out.map((d, i) => [d.item.id, i]));
  for (const doc of stored) {
    const i = at.get(doc.item.id);
    if (i === undefined) out.push(doc);
    else out[i] = doc;
  }
  return out;
}
