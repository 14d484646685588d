import type { Publication } from '../../shared/api';
import { exportKeyOfItem } from '../../shared/domain/export-publication';
import { factsOfPublication, withKnownFacts, type KnownFacts } from '../../shared/domain/publication-facts';
import { FILTER_FIELDS } from '../../shared/domain/publication-filter';
import type { Reader, Writer } from '../store/statements';
import { partInterner } from './publication-parts';
import { factsOfRow, FACTS_SELECT, upsertParams, upsertSql } from './publication-rows';

function learnedOf(db: Reader, target: string, ids: readonly string[]): Map<string, KnownFacts> {
  if (ids.length === 0) return new Map();
  const rows = db.all<{ id: string; learned: string }>(`SELECT id, learned FROM publications WHERE target = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    target,
    ...ids,
  ]);
  return new Map(rows.map((r) => [r.id, JSON.parse(r.learned) as KnownFacts]));
}

/**
 * The rows an export stored for these list items (keyed by instant, customer and code, for want of
 * an id; see exportKey), by item id, with the filter facts the export knew of each.
 */
export function exportedRowsOf(db: Reader, target: string, items: readonly Publication[]): Map<string, { key: string; known: KnownFacts }> {
  const keys = new Map<string, string>();
  for (const item of items) {
    const base = exportKeyOfItem(item);
    if (base === undefined) continue;
    // Twins alike in instant, customer and code were keyed `#2`, `#3`… in the export: matched in turn.
    let key = base;
    for (let n = 2; keys.has(key); n += 1) key = `${base}#${n}`;
    keys.set(key, item.id);
  }
  if (keys.size === 0) return new Map();
  const rows = db.all<{ id: string; facts: string }>(
    `SELECT id, ${FACTS_SELECT} FROM publications WHERE target = ? AND id IN (${[...keys.keys()].map(() => '?').join(', ')})`,
    [target, ...keys.keys()],
  );
  const out = new Map<string, { key: string; known: KnownFacts }>();
  for (const row of rows) {
    const facts = factsOfRow(row.facts);
    const known: KnownFacts = {};
    for (const field of FILTER_FIELDS) if (facts[field] !== undefined) known[field] = facts[field];
    out.set(keys.get(row.id) as string, { key: row.id, known });
  }
  return out;
}

/**
 * Upserts list items by id. Facts an item does not show are filled from what is known: the query's
 * pins, what earlier pulls learned, and what an export knew of the same publication, whose row (kept
 * under the export's key) the item replaces, so a publication is never cached twice.
 */
export function storeListed(
  tx: Writer,
  target: string,
  items: readonly Publication[],
  pins: KnownFacts,
  pullId: number,
  pulledAt: string,
  onStored?: (item: Publication) => void,
): void {
  const previous = learnedOf(
    tx,
    target,
    items.map((p) => p.id),
  );
  const exported = exportedRowsOf(tx, target, items);
  const upsert = tx.prepare(upsertSql());
  const intern = partInterner(tx);
  const drop = exported.size > 0 ? tx.prepare('DELETE FROM publications WHERE target = ? AND id = ?') : undefined;
  for (const item of items) {
    const before = previous.get(item.id) ?? {};
    const fromExport = exported.get(item.id);
    if (fromExport) drop?.run([target, fromExport.key]);
    const facts = withKnownFacts(factsOfPublication(item), pins, before, fromExport?.known ?? {});
    upsert.run(upsertParams(intern, target, item, facts, { ...fromExport?.known, ...before, ...pins }, pullId, pulledAt));
    onStored?.(item);
  }
}
