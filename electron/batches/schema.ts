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
  {
    version: 3,
    description: "segments: summaries of runs of a batch's rows, for queueing without reading them",
    up(tx) {
      // One row per run of up to 100,000 rows of a batch (segments.ts); summary is NULL when stale.
      tx.run(`CREATE TABLE segments (
        batch_id INTEGER NOT NULL,
        seg_no INTEGER NOT NULL,
        row_from INTEGER NOT NULL,
        row_to INTEGER NOT NULL,
        rows INTEGER NOT NULL,
        summary TEXT,
        PRIMARY KEY (batch_id, seg_no)
      ) WITHOUT ROWID`);
      // Kept true by SQLite itself, so every writer (edits, undo, the journal's replay) keeps them: a row
      // added or removed drops the batch's segments, a row's code or field set changed makes its own stale.
      tx.run('CREATE TRIGGER segments_row_added AFTER INSERT ON drafts BEGIN DELETE FROM segments WHERE batch_id = NEW.batch_id; END');
      tx.run('CREATE TRIGGER segments_row_removed AFTER DELETE ON drafts BEGIN DELETE FROM segments WHERE batch_id = OLD.batch_id; END');
      tx.run(`CREATE TRIGGER segments_row_moved AFTER UPDATE OF batch_id, row_no ON drafts
        WHEN NEW.batch_id IS NOT OLD.batch_id OR NEW.row_no IS NOT OLD.row_no
        BEGIN DELETE FROM segments WHERE batch_id IN (OLD.batch_id, NEW.batch_id); END`);
      tx.run(`CREATE TRIGGER segments_row_changed AFTER UPDATE OF code, set_id ON drafts
        WHEN NEW.code IS NOT OLD.code OR NEW.set_id IS NOT OLD.set_id
        BEGIN UPDATE segments SET summary = NULL WHERE batch_id = OLD.batch_id AND OLD.row_no BETWEEN row_from AND row_to; END`);
    },
  },
];
