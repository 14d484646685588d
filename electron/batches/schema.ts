import type { Migration } from '../store/migrations';

// The library: batches and their voucher drafts. A draft row holds only its own fields; the batch's
// defaults fill in the rest when the row is read or validated. Batch ids are never reused
// (AUTOINCREMENT), so an id kept elsewhere (the outbox) cannot later mean another batch.
export const libraryMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'batches and drafts',
    up(tx) {
      tx.run(`CREATE TABLE batches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        defaults TEXT NOT NULL,
        next_row INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`);
      // The fields a row sets itself, as JSON, stored once however many rows share them: rows of an
      // import or a generation mostly differ only in their code, and a million copies of the same
      // JSON would make the file (and every full save of it) several times larger.
      tx.run('CREATE TABLE field_sets (id INTEGER PRIMARY KEY, hash INTEGER NOT NULL, fields TEXT NOT NULL)');
      tx.run('CREATE INDEX field_sets_hash ON field_sets (hash)');
      // Keyed by (batch, row) without a rowid: rows are always read by batch, in row order.
      tx.run(`CREATE TABLE drafts (
        batch_id INTEGER NOT NULL,
        row_no INTEGER NOT NULL,
        code TEXT NOT NULL,
        set_id INTEGER NOT NULL,
        problems TEXT,
        valid INTEGER NOT NULL,
        PRIMARY KEY (batch_id, row_no)
      ) WITHOUT ROWID`);
      // Library-wide code lookups (generation avoids every code already kept) and prefix search.
      tx.run('CREATE INDEX drafts_code ON drafts (code, batch_id)');
    },
  },
  {
    version: 2,
    description: 'trash for deleted batches and an index of invalid rows',
    up(tx) {
      tx.run('ALTER TABLE batches ADD COLUMN deleted_at TEXT');
      // Partial: only invalid rows are in it, so "show only invalid rows" and their count stay fast
      // in a batch of a million rows, at almost no cost when rows are valid.
      tx.run('CREATE INDEX drafts_invalid ON drafts (batch_id, row_no) WHERE valid = 0');
    },
  },
];
