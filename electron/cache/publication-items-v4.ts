import type { Writer } from '../store/statements';
import { REF_COLUMNS, type RefValues } from './publication-json';
import { COMPACT_ITEM_WRITES, createItems, createView, ITEMS_V4 } from './publication-layout';
import { partInterner, storedItem } from './publication-parts';

/** Shapes and interned values of items, each stored once and found by its text's hash. */
export function createParts(tx: Writer): void {
  tx.run('CREATE TABLE publication_parts (no INTEGER PRIMARY KEY, hash INTEGER NOT NULL, text TEXT NOT NULL)');
  tx.run('CREATE INDEX publication_parts_by_hash ON publication_parts (hash)');
}

type V3Item = RefValues & { no: number; json: string; learned: string; pull_id: number; pulled_at: string };

/** Version 3's items rewritten as version 4's shape and rest (see publication-json.ts), keeping every row. */
export function storeItemsByShape(tx: Writer): void {
  // The view's triggers name publication_items: dropped with it, made again over the new table.
  tx.run('DROP VIEW publications');
  createParts(tx);
  tx.run('ALTER TABLE publication_items RENAME TO publication_items_v3');
  createItems(tx, ITEMS_V4);
  const intern = partInterner(tx);
  const insert = tx.prepare(`INSERT INTO publication_items (no, ${ITEMS_V4.names.join(', ')}) VALUES (?, ?, ?, ?, ?, ?)`);
  const refs = REF_COLUMNS.map((c) => `f.${c} AS ${c}`).join(', ');
  tx.each<V3Item>(
    `SELECT i.no AS no, ${refs}, i.json AS json, i.learned AS learned, i.pull_id AS pull_id, i.pulled_at AS pulled_at
      FROM publication_items_v3 AS i JOIN publication_facts AS f ON f.no = i.no ORDER BY i.no`,
    [],
    (row) => {
      const { shape, rest } = storedItem(intern, row.json, row);
      insert.run([row.no, shape, rest, row.learned, row.pull_id, row.pulled_at]);
    },
  );
  tx.run(`UPDATE publication_items SET ${(['learned', 'pulled_at'] as const).map((c) => `${c} = ${COMPACT_ITEM_WRITES[c]?.(c) ?? c}`).join(', ')}`);
  tx.run('DROP TABLE publication_items_v3');
  createView(tx, ITEMS_V4);
}
