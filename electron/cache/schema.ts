import type { Migration } from '../store/migrations';

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
      tx.run(`CREATE TABLE publications (
        target TEXT NOT NULL,
        id TEXT NOT NULL,
        created_at TEXT,
        customer_id TEXT,
        tracking_id TEXT,
        channel TEXT,
        voucher_code TEXT,
        codes TEXT NOT NULL,
        result TEXT,
        failure_code TEXT,
        campaign_name TEXT,
        voucher_type TEXT,
        is_referral_code INTEGER,
        parent_object_id TEXT,
        related_object_id TEXT,
        source_id TEXT,
        unknown TEXT NOT NULL,
        learned TEXT NOT NULL,
        json TEXT NOT NULL,
        pull_id INTEGER NOT NULL,
        pulled_at TEXT NOT NULL,
        PRIMARY KEY (target, id)
      ) WITHOUT ROWID`);
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
];
