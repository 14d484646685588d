import { FILTER_FIELDS } from '../../shared/domain/publication-filter';
import { PUBLICATION_ORDER_KEYS } from '../../shared/domain/publication-order';
import type { Reader, Writer } from '../store/statements';

// Version 3 of the publication cache: each publication is stored once. Version 2 kept a wide
// `publications` row (facts and the item's JSON) and a narrow copy of its facts, each index keyed by
// the target's text (a base URL or project id, 20-40 bytes) and codes keyed by (target, id): at
// 100,000 publications two thirds of the file were copies and keys. Now the facts are one narrow
// rowid table keyed by a small target number, the JSON a table of its own under the facts' rowid,
// and `publications` a view of the two, so readers and writers of whole rows are unchanged.

/** Where a target's number is found: `target = (SELECT ...)` is one seek, made once a statement. */
export const TARGET_NUMBER = '(SELECT no FROM publication_targets WHERE target = ?)';

/** `target = ?` over publication_facts, bound to the target's text like the rest of the cache. */
export const FACTS_OF_TARGET = `target = ${TARGET_NUMBER}`;

/** The filter and order columns of publication_facts, after `no`, `target` and `id`. */
const FACT_DEFINITIONS = [
  'created_at TEXT',
  'customer_id TEXT',
  'tracking_id TEXT',
  'channel TEXT',
  'voucher_code TEXT',
  'codes TEXT NOT NULL',
  'result TEXT',
  'failure_code TEXT',
  'campaign_name TEXT',
  'voucher_type TEXT',
  'is_referral_code INTEGER',
  'parent_object_id TEXT',
  'related_object_id TEXT',
  'source_id TEXT',
  'unknown_mask INTEGER NOT NULL',
  'numbers TEXT',
  'failure_message TEXT',
];
const FACT_NAMES = FACT_DEFINITIONS.map((d) => d.split(' ')[0] as string);

/** publication_items' columns: version 3 kept the item's JSON, version 4 its shape and rest (see publication-json.ts). */
export interface ItemColumns {
  definitions: string;
  names: readonly string[];
  /** How the view reads a column stored in a compact form, given its stored value. */
  read?: Readonly<Record<string, (stored: string) => string>>;
  /** How a write through the view stores that column, given the value written. */
  write?: Readonly<Record<string, (value: string) => string>>;
}

const ISO_OF_MS = (ms: string): string => `strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
const MS_OF = (text: string): string => `CAST(ROUND((julianday(${text}) - 2440587.5) * 86400000.0) AS INTEGER)`;

/**
 * Version 4's compact item columns. `pulled_at` (24 bytes of text a row) is kept as milliseconds when
 * it reads back as the very same text, else as the text; `learned` is NULL for `{}`, which most rows learned.
 */
export const COMPACT_ITEM_READS: Readonly<Record<string, (stored: string) => string>> = {
  learned: (stored) => `COALESCE(${stored}, '{}')`,
  pulled_at: (stored) => `CASE typeof(${stored}) WHEN 'integer' THEN ${ISO_OF_MS(stored)} ELSE ${stored} END`,
};
export const COMPACT_ITEM_WRITES: Readonly<Record<string, (value: string) => string>> = {
  learned: (value) => `NULLIF(${value}, '{}')`,
  pulled_at: (value) => `CASE WHEN ${ISO_OF_MS(MS_OF(value))} IS ${value} THEN ${MS_OF(value)} ELSE ${value} END`,
};
const ITEMS_V3: ItemColumns = {
  definitions: 'json TEXT NOT NULL, learned TEXT NOT NULL, pull_id INTEGER NOT NULL, pulled_at TEXT NOT NULL',
  names: ['json', 'learned', 'pull_id', 'pulled_at'],
};
export const ITEMS_V4: ItemColumns = {
  // pulled_at has no type, so an integer stays an integer and a text a text.
  definitions: 'shape INTEGER NOT NULL, rest TEXT, learned TEXT, pull_id INTEGER NOT NULL, pulled_at NOT NULL',
  names: ['shape', 'rest', 'learned', 'pull_id', 'pulled_at'],
  read: COMPACT_ITEM_READS,
  write: COMPACT_ITEM_WRITES,
};

/** Rows of one channel and result in time order. */
export const CHANNEL_RESULT_INDEX = 'publication_facts_by_channel_result';
/** Rows by campaign, with what the dashboard counts of them. */
export const CAMPAIGN_INDEX = 'publication_facts_by_campaign';

/** The index `ORDER BY <key>, id` (either direction) walks: `INDEXED BY` names it. */
export function orderIndexName(key: string): string {
  return `publication_facts_by_${key}`;
}

/** Version 2's `unknown` text (`,campaign_name,source_id,`) from the bit mask. */
const UNKNOWN_TEXT = `CASE WHEN f.unknown_mask = 0 THEN '' ELSE ',' || ${FILTER_FIELDS.map(
  (field, i) => `(CASE WHEN f.unknown_mask & ${1 << i} THEN '${field},' ELSE '' END)`,
).join(' || ')} END`;

function createTables(tx: Writer, items: ItemColumns): void {
  tx.run('CREATE TABLE publication_targets (no INTEGER PRIMARY KEY, target TEXT NOT NULL UNIQUE)');
  tx.run(`CREATE TABLE publication_facts (no INTEGER PRIMARY KEY, target INTEGER NOT NULL, id TEXT NOT NULL, ${FACT_DEFINITIONS.join(', ')})`);
  // The item's JSON and what pulls learned of it, read a page at a time, never scanned.
  createItems(tx, items);
  // Every code of every publication, so `voucher` finds a multi-voucher publication by any of its codes in one seek.
  tx.run('CREATE TABLE publication_codes (code TEXT NOT NULL, no INTEGER NOT NULL, PRIMARY KEY (code, no)) WITHOUT ROWID');
}

export function createItems(tx: Writer, items: ItemColumns): void {
  tx.run(`CREATE TABLE publication_items (no INTEGER PRIMARY KEY, ${items.definitions})`);
}

function createIndexes(tx: Writer): void {
  tx.run(`CREATE UNIQUE INDEX ${orderIndexName('id')} ON publication_facts (target, id)`);
  for (const key of PUBLICATION_ORDER_KEYS) {
    if (key !== 'id') tx.run(`CREATE INDEX ${orderIndexName(key)} ON publication_facts (target, ${key}, id)`);
  }
  // Which fields some row does not know, found in a few seeks: a query reading only known fields is two-valued.
  tx.run('CREATE INDEX publication_facts_unknown ON publication_facts (target, unknown_mask)');
  // The history dashboard's counts of everything, read from these two alone (see stats-by-index.ts): a
  // GROUP BY that follows an index needs no sort, which in sql.js costs more than the whole pass.
  tx.run(`CREATE INDEX ${CHANNEL_RESULT_INDEX} ON publication_facts (target, channel, result, created_at)`);
  tx.run(`CREATE INDEX ${CAMPAIGN_INDEX} ON publication_facts (target, campaign_name, unknown_mask, is_referral_code, created_at, channel)`);
}

/**
 * `publications`: the rows as version 2 stored them, writable. An insert is an upsert by (target,
 * id), as the pull's statement was; a publication's codes are replaced by seeks on its old codes.
 */
export function createView(tx: Writer, items: ItemColumns): void {
  const itemNames = items.names;
  const read = (c: string): string => items.read?.[c]?.(`i.${c}`) ?? `i.${c}`;
  const write = (c: string): string => items.write?.[c]?.(`new.${c}`) ?? `new.${c}`;
  const facts = FACT_NAMES.map((c) => `f.${c}`).join(', ');
  tx.run(`CREATE VIEW publications AS
    SELECT f.no AS no, t.target AS target, f.id AS id, ${facts}, ${UNKNOWN_TEXT} AS unknown, ${itemNames.map((c) => `${read(c)} AS ${c}`).join(', ')}
    FROM publication_facts AS f JOIN publication_targets AS t ON t.no = f.target JOIN publication_items AS i ON i.no = f.no`);
  const number = '(SELECT no FROM publication_targets WHERE target = new.target)';
  const row = `(SELECT no FROM publication_facts WHERE target = ${number} AND id = new.id)`;
  const dropCodes = (no: string, codes: string) => `DELETE FROM publication_codes WHERE no = ${no} AND code IN (SELECT value FROM json_each(${codes}));`;
  tx.run(`CREATE TRIGGER publications_insert INSTEAD OF INSERT ON publications BEGIN
    INSERT OR IGNORE INTO publication_targets (target) VALUES (new.target);
    ${dropCodes(row, `(SELECT codes FROM publication_facts WHERE no = ${row})`)}
    INSERT INTO publication_facts (target, id, ${FACT_NAMES.join(', ')}) VALUES (${number}, new.id, ${FACT_NAMES.map((c) => `new.${c}`).join(', ')})
      ON CONFLICT (target, id) DO UPDATE SET ${FACT_NAMES.map((c) => `${c} = excluded.${c}`).join(', ')};
    INSERT OR REPLACE INTO publication_items (no, ${itemNames.join(', ')}) VALUES (${row}, ${itemNames.map(write).join(', ')});
    INSERT OR IGNORE INTO publication_codes (code, no) SELECT value, ${row} FROM json_each(new.codes);
  END`);
  tx.run(`CREATE TRIGGER publications_update INSTEAD OF UPDATE ON publications BEGIN
    ${dropCodes('old.no', 'old.codes')}
    UPDATE publication_facts SET ${FACT_NAMES.map((c) => `${c} = new.${c}`).join(', ')} WHERE no = old.no;
    UPDATE publication_items SET ${itemNames.map((c) => `${c} = ${write(c)}`).join(', ')} WHERE no = old.no;
    INSERT OR IGNORE INTO publication_codes (code, no) SELECT value, old.no FROM json_each(new.codes);
  END`);
  tx.run(`CREATE TRIGGER publications_delete INSTEAD OF DELETE ON publications BEGIN
    ${dropCodes('old.no', 'old.codes')}
    DELETE FROM publication_items WHERE no = old.no;
    DELETE FROM publication_facts WHERE no = old.no;
  END`);
}

/** Version 2's tables rewritten as version 3's, keeping every row. */
export function storePublicationsOnce(tx: Writer): void {
  for (const table of ['publications', 'publication_facts', 'publication_codes']) tx.run(`ALTER TABLE ${table} RENAME TO ${table}_v2`);
  // Version 2's triggers wrote into the renamed copies: the rows are copied below, and the triggers go with the tables.
  createTables(tx, ITEMS_V3);
  tx.run('INSERT INTO publication_targets (target) SELECT DISTINCT target FROM publications_v2 ORDER BY target');
  tx.run(`INSERT INTO publication_facts (no, target, id, ${FACT_NAMES.join(', ')})
    SELECT p.rowid, t.no, p.id, ${FACT_NAMES.map((c) => `p.${c}`).join(', ')} FROM publications_v2 AS p JOIN publication_targets AS t ON t.target = p.target`);
  tx.run(`INSERT INTO publication_items (no, ${ITEMS_V3.names.join(', ')}) SELECT rowid, ${ITEMS_V3.names.join(', ')} FROM publications_v2`);
  tx.run('INSERT OR IGNORE INTO publication_codes (code, no) SELECT value, f.no FROM publication_facts AS f, json_each(f.codes)');
  for (const table of ['publications', 'publication_facts', 'publication_codes']) tx.run(`DROP TABLE ${table}_v2`);
  createIndexes(tx);
  createView(tx, ITEMS_V3);
}

/** The tables behind the `publications` view. */
export const PUBLICATION_TABLES: ReadonlySet<string> = new Set([
  'publication_targets',
  'publication_facts',
  'publication_items',
  'publication_codes',
  'publication_parts',
]);

/** Drops a target's publications in bulk (a removed project's), rather than a row at a time through the view. */
export function dropTargetPublications(tx: Writer, target: string): void {
  const rows = `(SELECT no FROM publication_facts WHERE target = ${TARGET_NUMBER})`;
  tx.run(`DELETE FROM publication_codes WHERE no IN ${rows}`, [target]);
  tx.run(`DELETE FROM publication_items WHERE no IN ${rows}`, [target]);
  tx.run(`DELETE FROM publication_facts WHERE ${FACTS_OF_TARGET}`, [target]);
  tx.run('DELETE FROM publication_targets WHERE target = ?', [target]);
}

/** Publications the cache holds for a target, counted on its smallest index. */
export function cachedPublicationCount(db: Reader, target: string): number {
  return db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publication_facts INDEXED BY publication_facts_unknown WHERE ${FACTS_OF_TARGET}`, [target])?.n ?? 0;
}
