import { rebuiltJson, REBUILD_SELECT } from '../../../electron/cache/publication-parts';
import { WIDE_COLUMNS } from '../../../electron/cache/publication-rows';
import type { Reader, Row } from '../../../electron/store/statements';

/** Every cached publication as versions 2 and 3 stored it (WIDE_COLUMNS, the JSON whole), by target and id. */
export function wideRows(db: Reader): Row[] {
  const columns = WIDE_COLUMNS.filter((c) => c !== 'json');
  const rows = db.all<Row & Parameters<typeof rebuiltJson>[1][number]>(
    `SELECT ${columns.map((c) => `p.${c} AS ${c}`).join(', ')}, ${REBUILD_SELECT}
      FROM publications AS p JOIN publication_facts AS f ON f.no = p.no JOIN publication_items AS i ON i.no = p.no ORDER BY p.target, p.id`,
  );
  const json = rebuiltJson(db, rows);
  return rows.map((row, n) => Object.fromEntries(WIDE_COLUMNS.map((c) => [c, c === 'json' ? (json[n] as string) : (row[c] ?? null)])));
}
