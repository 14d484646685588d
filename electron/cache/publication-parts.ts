import { fnv1a } from '../../shared/domain/text-hash';
import type { Reader, SqlValue, Writer } from '../store/statements';
import { compileShape, encodeItem, REF_COLUMNS, type RefValues } from './publication-json';
import { FACTS_OF_TARGET } from './publication-layout';

// Shapes and parts of cached items (see publication-json.ts), each stored once in
// `publication_parts` and found by a 32-bit hash of its text: an integer index entry, not a copy of the text.

export type Intern = (text: string) => number;

/**
 * Numbers texts within one write, adding those not stored yet. Numbers are given here, not by
 * SQLite, so the journal replays the same ones.
 */
export function partInterner(tx: Writer): Intern {
  const known = new Map<string, number>();
  const find = tx.prepare('SELECT no FROM publication_parts WHERE hash = ? AND text = ?');
  const add = tx.prepare('INSERT INTO publication_parts (no, hash, text) VALUES (?, ?, ?)');
  let next: number | undefined;
  return (text) => {
    const seen = known.get(text);
    if (seen !== undefined) return seen;
    const hash = fnv1a(text);
    let no = find.get<{ no: number }>([hash, text])?.no;
    if (no === undefined) {
      next ??= (tx.get<{ n: number | null }>('SELECT MAX(no) AS n FROM publication_parts')?.n ?? 0) + 1;
      no = next;
      next += 1;
      add.run([no, hash, text]);
    }
    known.set(text, no);
    return no;
  };
}

/** The `shape` and `rest` columns of an item whose JSON is `json`, beside its facts row's values. */
export function storedItem(intern: Intern, json: string, facts: RefValues): { shape: number; rest: string | null } {
  const encoded = encodeItem(json, facts);
  const rest = encoded.rest.map((r) => (r.part === undefined ? r.value : intern(r.part)));
  return { shape: intern(encoded.shape), rest: rest.length === 0 ? null : JSON.stringify(rest) };
}

/** The columns (of publication_facts `f` and publication_items `i`) a rebuild reads. */
export const REBUILD_SELECT = `${REF_COLUMNS.map((c) => `f.${c} AS ${c}`).join(', ')}, i.shape AS shape, i.rest AS rest`;

type RebuildRow = RefValues & { shape: number; rest: string | null };

/** The items of rows read with REBUILD_SELECT, as the JSON text they were stored from. */
export function rebuiltJson(db: Reader, rows: readonly RebuildRow[]): string[] {
  const rests = rows.map((r) => (r.rest === null ? [] : (JSON.parse(r.rest) as unknown[])));
  const shapes = new Set(rows.map((r) => r.shape));
  const wanted = new Set<number>(shapes);
  // A part hole's number is in the rest: which ones is known once the shape is read, so all numbers of a rest are asked for (a few extra at most).
  for (const rest of rests) for (const v of rest) if (typeof v === 'number' && Number.isInteger(v)) wanted.add(v);
  const texts = new Map<number, string>();
  const numbers = [...wanted];
  for (let start = 0; start < numbers.length; start += 500) {
    const slice = numbers.slice(start, start + 500);
    for (const part of db.all<{ no: number; text: string }>(`SELECT no, text FROM publication_parts WHERE no IN (${slice.map(() => '?').join(', ')})`, slice)) {
      texts.set(part.no, part.text);
    }
  }
  const partText = (no: number): string => {
    const text = texts.get(no);
    if (text === undefined) throw new Error(`The cache names publication part ${no}, which it does not hold: pull again to rebuild it.`);
    return text;
  };
  const compiled = new Map([...shapes].map((no) => [no, compileShape(partText(no))]));
  return rows.map((row, n) => (compiled.get(row.shape) as ReturnType<typeof compileShape>)(row, rests[n] ?? [], partText));
}

/** The JSON text of a target's cached publications among `ids`, by id. */
export function cachedItemJson(db: Reader, target: string, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db.all<RebuildRow & { id: string }>(
    `SELECT ${REBUILD_SELECT} FROM publication_facts AS f JOIN publication_items AS i ON i.no = f.no WHERE f.${FACTS_OF_TARGET} AND f.id IN (${ids.map(() => '?').join(', ')})`,
    [target, ...ids] as SqlValue[],
  );
  const texts = rebuiltJson(db, rows);
  return new Map(rows.map((row, n) => [row.id, texts[n] as string]));
}
