import type { Migration } from './migrations';

// The library: batches and their voucher drafts. A draft row holds only its own fields (`fields`,
// JSON without the code); the batch's defaults fill in the rest when the row is read or validated.
export const libraryMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'batches and drafts',
    up(tx) {
      tx.run(`CREATE TABLE batches (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        defaults TEXT NOT NULL,
        next_row INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`);
      // Keyed by (batch, row) without a rowid: rows are always read by batch, in row order.
      tx.run(`CREATE TABLE drafts (
        batch_id INTEGER NOT NULL,
        row_no INTEGER NOT NULL,
        code TEXT NOT NULL,
        fields TEXT NOT NULL,
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
