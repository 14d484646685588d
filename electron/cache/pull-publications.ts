import { buildPublicationsQuery, publicationPages, type Publication, type VoucherClient } from '../../shared/api';
import { factsOfPublication, withKnownFacts, type KnownFacts } from '../../shared/domain/publication-facts';
import { pinnedFacts, selectionKey, type PublicationSelection } from '../../shared/domain/publication-query';
import type { StoreDatabase } from '../store/database';
import type { Reader, Writer } from '../store/statements';
import { upsertParams, upsertSql } from './publication-rows';
import { runPull, type PullOptions, type PullSummary } from './run-pull';

export interface PublicationPullOptions extends PullOptions {
  /** 'throw' (default) stores nothing when the history is larger than the page limits allow; 'partial' stores what they allow. */
  whenTooLarge?: 'throw' | 'partial';
}

type PublicationsSource = Pick<VoucherClient, 'baseUrl' | 'listPublications'>;

function learnedOf(db: Reader, target: string, ids: readonly string[]): Map<string, KnownFacts> {
  if (ids.length === 0) return new Map();
  const rows = db.all<{ id: string; learned: string }>(`SELECT id, learned FROM publications WHERE target = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    target,
    ...ids,
  ]);
  return new Map(rows.map((r) => [r.id, JSON.parse(r.learned) as KnownFacts]));
}

/**
 * Pulls the publication history that answers `selection` into the cache (100 a page, upserting by
 * id). Facts the list item does not show are learned from the query (a pull by campaign records
 * each publication's campaign) and kept across pulls.
 */
export async function pullPublications(
  db: StoreDatabase,
  client: PublicationsSource,
  selection: PublicationSelection = {},
  options: PublicationPullOptions = {},
): Promise<PullSummary> {
  buildPublicationsQuery(selection);
  const target = client.baseUrl;
  const pins = pinnedFacts(selection);
  const key = selectionKey(selection);
  const store = (tx: Writer, items: readonly Publication[], pullId: number, pulledAt: string): void => {
    const previous = learnedOf(
      tx,
      target,
      items.map((p) => p.id),
    );
    const upsert = tx.prepare(upsertSql());
    const member = tx.prepare('INSERT OR IGNORE INTO pull_members (pull_id, id) VALUES (?, ?)');
    for (const item of items) {
      member.run([pullId, item.id]);
      const before = previous.get(item.id) ?? {};
      const facts = withKnownFacts(factsOfPublication(item), pins, before);
      upsert.run(upsertParams(target, item, facts, { ...before, ...pins }, pullId, pulledAt));
    }
  };
  return runPull(
    db,
    {
      target,
      kind: 'publications',
      query: selection,
      queryKey: key,
      pages: publicationPages(client, selection, { whenTooLarge: options.whenTooLarge ?? 'throw' }),
      store,
      whenComplete(tx, _seen, pullId) {
        // Only the newest complete answer of a query is kept; an incomplete pull's ids decide nothing.
        tx.run(`DELETE FROM pull_members WHERE pull_id IN (SELECT id FROM pulls WHERE target = ? AND kind = 'publications' AND query_key = ? AND id <> ?)`, [
          target,
          key,
          pullId,
        ]);
      },
    },
    options,
  );
}
