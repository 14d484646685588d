import { PUBLICATION_ORDER_KEYS } from '../../shared/domain/publication-order';
import { FILTER_FIELDS, type FilterField } from '../../shared/domain/publication-filter';
import type { Migration } from '../store/migrations';
import type { Writer } from '../store/statements';
import { CAMPAIGN_INDEX, CHANNEL_RESULT_INDEX, orderIndexName, storePublicationsOnce } from './publication-layout';
import { createDayCounts } from './day-counts';
import { digestExportKeys } from './export-keys-v6';
import { storeItemsByShape } from './publication-items-v4';
import { FACT_COLUMNS, numbersOf, sortableInstant, unknownMaskOf } from './publication-rows';

// Version 1's publication columns, which version 2 copies into a rowid table.
const PUBLICATION_COLUMNS_V1 = [
  'target TEXT NOT NULL',
  'id TEXT NOT NULL',
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
  'unknown TEXT NOT NULL',
  'learned TEXT NOT NULL',
  'json TEXT NOT NULL',
  'pull_id INTEGER NOT NULL',
  'pulled_at TEXT NOT NULL',
];

// The cache: copies of what the service lists, kept per target (its base URL) so a sandbox pull
// never mixes with a production one. Everything here can be fetched again; a publication row keeps
// the item's JSON plus the columns its filters and orders read, and `unknown` names the filter
// fields the list item does not show (`,campaign_name,parent_object_id,`), so an offline answer can
// say which publications it could not decide, unless a complete pull of the same query decides them.
export const cacheMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'pulls, publications, stacks, rewards, earning rules',
    up(tx) {
      tx.run(`CREATE TABLE pulls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        target TEXT NOT NULL,
        kind TEXT NOT NULL,
        query TEXT NOT NULL,
        query_key TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL,
        pages INTEGER NOT NULL,
        items INTEGER NOT NULL,
        total INTEGER,
        notice TEXT,
        error TEXT
      )`);
      tx.run('CREATE INDEX pulls_kind ON pulls (target, kind, id)');
      tx.run('CREATE INDEX pulls_query ON pulls (target, kind, query_key, id)');
      // The ids a complete publication pull returned: the exact answer to its query at that time,
      // which decides publications whose facts the list items do not show. Kept for the newest
      // complete pull of each query only.
      tx.run(`CREATE TABLE pull_members (
        pull_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        PRIMARY KEY (pull_id, id)
      ) WITHOUT ROWID`);
      tx.run(`CREATE TABLE publications (${PUBLICATION_COLUMNS_V1.join(', ')}, PRIMARY KEY (target, id)) WITHOUT ROWID`);
      tx.run('CREATE INDEX publications_created ON publications (target, created_at)');
      tx.run('CREATE INDEX publications_customer ON publications (target, customer_id)');
      tx.run('CREATE INDEX publications_campaign ON publications (target, campaign_name)');
      tx.run('CREATE INDEX publications_source ON publications (target, source_id)');
      tx.run(`CREATE TABLE stacks (
        target TEXT NOT NULL,
        id TEXT NOT NULL,
        campaign_id TEXT,
        name TEXT,
        created_at TEXT,
        updated_at TEXT,
        json TEXT NOT NULL,
        pull_id INTEGER NOT NULL,
        pulled_at TEXT NOT NULL,
        PRIMARY KEY (target, id)
      ) WITHOUT ROWID`);
      tx.run('CREATE INDEX stacks_campaign ON stacks (target, campaign_id)');
      tx.run(`CREATE TABLE rewards (
        target TEXT NOT NULL,
        id TEXT NOT NULL,
        position INTEGER NOT NULL,
        json TEXT NOT NULL,
        pull_id INTEGER NOT NULL,
        pulled_at TEXT NOT NULL,
        PRIMARY KEY (target, id)
      ) WITHOUT ROWID`);
      // Small settings of the cache, such as the target the last pull went to.
      tx.run('CREATE TABLE cache_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      tx.run(`CREATE TABLE earning_rules (
        target TEXT NOT NULL,
        id TEXT NOT NULL,
        json TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (target, id)
      ) WITHOUT ROWID`);
    },
  },
  {
    version: 2,
    description:
      'publications in a rowid table; their facts in a narrow table with an index for every order and two for the dashboard; unknown facts as a bit mask; numbers and failure messages apart',
    up(tx) {
      rebuildPublications(tx);
      backfillPublications(tx);
      createPublicationFacts(tx);
    },
  },
  {
    version: 3,
    description:
      'each publication stored once: facts keyed by a target number, the JSON apart, codes by row number, publications a view (see publication-layout.ts)',
    up(tx) {
      storePublicationsOnce(tx);
    },
  },
  {
    version: 4,
    description: "each publication's JSON as what its facts cannot rebuild: a shared shape, interned parts and a short rest (see publication-json.ts)",
    up(tx) {
      storeItemsByShape(tx);
    },
  },
  {
    version: 5,
    description:
      'publications counted by target and UTC day, kept by triggers on the facts: by channel and result in quarter-hours, by campaign, failures (see day-counts.ts)',
    up(tx) {
      createDayCounts(tx);
    },
  },
  {
    version: 6,
    description: 'the key of a publication an export stored as a digest of its instant, customer and code (see export-keys-v6.ts)',
    up(tx) {
      digestExportKeys(tx);
    },
  },
];

/** The facts table's copy of each publication's filter and order columns, kept by triggers. */
export const PUBLICATION_FACT_COLUMNS = [...FACT_COLUMNS.filter((c) => c !== 'unknown'), 'unknown_mask', 'numbers', 'failure_message'] as const;

export { CAMPAIGN_INDEX, CHANNEL_RESULT_INDEX, orderIndexName } from './publication-layout';

// An offline query reads every row of a target once to count what answers it, and walks an order's
// index to its page. A row of `publications` is mostly its item's JSON, so both run on a narrow copy
// (a rowid table: an index entry finds its row by integer), which triggers keep equal to
// `publications` whatever writes it.
function createPublicationFacts(tx: Writer): void {
  const columns = ['target', ...PUBLICATION_FACT_COLUMNS];
  const list = columns.join(', ');
  // The copy takes each column's type from publications and its rows with it.
  tx.run(`CREATE TABLE publication_facts AS SELECT ${list} FROM publications`);
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
  // Every code of every publication, so `voucher` finds a multi-voucher publication by any of its codes in one seek.
  tx.run('CREATE TABLE publication_codes (code TEXT NOT NULL, target TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (code, target, id)) WITHOUT ROWID');
  // A publication's codes are replaced when it is updated: found by publication, not by code.
  tx.run('CREATE INDEX publication_codes_by_publication ON publication_codes (target, id)');
  tx.run('INSERT OR IGNORE INTO publication_codes SELECT value, p.target, p.id FROM publications AS p, json_each(p.codes)');
  const addCodes = 'INSERT OR IGNORE INTO publication_codes SELECT value, new.target, new.id FROM json_each(new.codes);';
  const dropCodes = 'DELETE FROM publication_codes WHERE target = old.target AND id = old.id;';
  tx.run(`CREATE TRIGGER publication_facts_insert AFTER INSERT ON publications BEGIN
    INSERT INTO publication_facts (${list}) VALUES (${columns.map((c) => `new.${c}`).join(', ')});
    ${addCodes}
  END`);
  tx.run(`CREATE TRIGGER publication_facts_update AFTER UPDATE ON publications BEGIN
    UPDATE publication_facts SET ${columns.map((c) => `${c} = new.${c}`).join(', ')} WHERE target = old.target AND id = old.id;
    ${dropCodes}
    ${addCodes}
  END`);
  tx.run(`CREATE TRIGGER publication_facts_delete AFTER DELETE ON publications BEGIN
    DELETE FROM publication_facts WHERE target = old.target AND id = old.id;
    ${dropCodes}
  END`);
}

/**
 * Version 1 kept publications WITHOUT ROWID: there a row over about 1 KB (most, with their JSON)
 * spills into an overflow page of its own, which left the file two-thirds empty. A rowid table
 * keeps two or three rows a page, with (target, id) as its unique index.
 */
function rebuildPublications(tx: Writer): void {
  tx.run(
    `CREATE TABLE publications_v2 (${PUBLICATION_COLUMNS_V1.join(', ')}, unknown_mask INTEGER NOT NULL DEFAULT 0, numbers TEXT, failure_message TEXT, PRIMARY KEY (target, id))`,
  );
  const names = PUBLICATION_COLUMNS_V1.map((definition) => definition.split(' ')[0]).join(', ');
  tx.run(`INSERT INTO publications_v2 (${names}, failure_message) SELECT ${names}, json ->> '$.failure_message' FROM publications`);
  tx.run('DROP TABLE publications');
  tx.run('ALTER TABLE publications_v2 RENAME TO publications');
  tx.run('CREATE INDEX publications_created ON publications (target, created_at)');
}

type StoredRow = Record<FilterField | 'target' | 'id' | 'created_at' | 'unknown', string | number | null>;

/** Fills the new columns of the publications cached before version 2, and makes their instants sortable. */
function backfillPublications(tx: Writer): void {
  const rows = tx.all<StoredRow>(`SELECT target, id, created_at, unknown, ${FILTER_FIELDS.join(', ')} FROM publications`);
  const update = tx.prepare('UPDATE publications SET created_at = ?, unknown_mask = ?, numbers = ? WHERE target = ? AND id = ?');
  for (const row of rows) {
    const unknown = String(row.unknown);
    const texts = Object.fromEntries(
      FILTER_FIELDS.filter((field) => field !== 'is_referral_code' && !unknown.includes(`,${field},`)).map((field) => [
        field,
        row[field] === null ? null : String(row[field]),
      ]),
    );
    const mask = unknownMaskOf(FILTER_FIELDS.filter((field) => unknown.includes(`,${field},`)));
    update.run([sortableInstant(row.created_at === null ? null : String(row.created_at)), mask, numbersOf(texts), row.target, row.id]);
  }
}
