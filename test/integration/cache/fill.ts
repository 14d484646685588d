import type { StoreDatabase } from '../../../electron/store/database';
import { partInterner } from '../../../electron/cache/publication-parts';
import { upsertParams, upsertSql } from '../../../electron/cache/publication-rows';
import { finishPull, startPull } from '../../../electron/cache/pulls';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { Publication } from '../../../shared/api';
import { factsOfPublication, withKnownFacts } from '../../../shared/domain/publication-facts';
import { selectionKey, type PublicationSelection } from '../../../shared/domain/publication-query';

/**
 * Stores documents in the cache through the pull's own upsert, as a complete pull of everything
 * would (without the HTTP), 5,000 a transaction.
 */
export async function fillCache(db: StoreDatabase, target: string, docs: readonly PublicationDoc[]): Promise<void> {
  const at = new Date().toISOString();
  const pullId = await db.write((tx) => startPull(tx, target, 'publications', {}, selectionKey({}), at));
  for (let start = 0; start < docs.length; start += 5000) {
    await db.write((tx) => {
      const upsert = tx.prepare(upsertSql());
      const intern = partInterner(tx);
      for (const doc of docs.slice(start, start + 5000)) {
        const item = doc.item as unknown as Publication;
        upsert.run(upsertParams(intern, target, item, factsOfPublication(item), {}, pullId, at));
      }
    });
  }
  await db.write((tx) => finishPull(tx, pullId, 'done', at, { total: docs.length }));
}

/**
 * Records a complete pull of `selection` whose answer is `members` and teaches their facts, as
 * pulling that selection would.
 */
export async function recordCompletePull(
  db: StoreDatabase,
  target: string,
  selection: PublicationSelection,
  members: readonly PublicationDoc[],
  learned: Parameters<typeof withKnownFacts>[1],
): Promise<void> {
  const at = new Date().toISOString();
  await db.write((tx) => {
    const pullId = startPull(tx, target, 'publications', selection, selectionKey(selection), at);
    const upsert = tx.prepare(upsertSql());
    const intern = partInterner(tx);
    const member = tx.prepare('INSERT INTO pull_members (pull_id, id) VALUES (?, ?)');
    for (const doc of members) {
      const item = doc.item as unknown as Publication;
      member.run([pullId, item.id]);
      upsert.run(upsertParams(intern, target, item, withKnownFacts(factsOfPublication(item), learned), learned, pullId, at));
    }
    finishPull(tx, pullId, 'done', at, { total: members.length });
  });
}
