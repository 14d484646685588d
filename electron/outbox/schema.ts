import type { Migration } from '../store/migrations';

// The outbox database: small and hot. An operation keeps the count of its requests in each state
// (request_counts), changed with every request move, so its state is known without scanning its
// requests. Operation rows are the queue ({ id, created_at, kind, payload }); request rows are what
// is sent, with their durable state; import bodies live in files beside it (see bodies.ts), so a
// state change appends a short journal line and never rewrites megabytes. Versions 1 to 3 named
// requests "chunks" and looks at a job "polls"; version 4 renamed them (released steps never change).

export const outboxMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'operations, chunks, per-code failures, sync state',
    up(tx) {
      tx.run(`CREATE TABLE operations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL,
        batch_id INTEGER,
        depends_on TEXT NOT NULL,
        cancel_requested INTEGER NOT NULL DEFAULT 0,
        dead_reason TEXT,
        codes INTEGER NOT NULL,
        chunk_counts TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`);
      tx.run('CREATE INDEX operations_batch ON operations (batch_id, state)');
      // body_file/body_hash: import bodies in files; body: small inline request bodies (JSON).
      tx.run(`CREATE TABLE chunks (
        op_id INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        async_action_id TEXT,
        code TEXT,
        row_no INTEGER,
        body TEXT,
        body_file TEXT,
        body_hash TEXT,
        codes INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        first_try_at INTEGER,
        sent_at INTEGER,
        next_try_at INTEGER,
        polls INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        PRIMARY KEY (op_id, idx)
      ) WITHOUT ROWID`);
      tx.run('CREATE INDEX chunks_state ON chunks (state, op_id)');
      tx.run('CREATE INDEX chunks_job ON chunks (async_action_id) WHERE async_action_id IS NOT NULL');
      // Per-code failures, against the draft (batch row) they came from.
      tx.run(`CREATE TABLE code_failures (
        op_id INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        row_no INTEGER,
        code TEXT NOT NULL,
        reason TEXT NOT NULL
      )`);
      tx.run('CREATE INDEX code_failures_op ON code_failures (op_id, idx)');
      tx.run('CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    },
  },
  {
    version: 2,
    description: 'codes found already on the service, per request',
    up(tx) {
      // Codes of a request that were on the service before this sync put them there (someone else's
      // import, an earlier run of another app): never counted as created, never sent again.
      tx.run(`CREATE TABLE codes_present (
        op_id INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        row_no INTEGER,
        code TEXT NOT NULL,
        reason TEXT NOT NULL
      )`);
      tx.run('CREATE INDEX codes_present_op ON codes_present (op_id, idx)');
    },
  },
  {
    version: 3,
    description: 'the project each operation is sent to',
    up(tx) {
      // NULL for operations queued before projects, until the folder's migration binds them.
      tx.run('ALTER TABLE operations ADD COLUMN project TEXT');
      tx.run('CREATE INDEX operations_project ON operations (project, state)');
    },
  },
  {
    version: 4,
    description: 'one word per idea: chunks are requests, polls are looks',
    up(tx) {
      // RENAME keeps every row and rewrites the indexes' table references; the indexes are made again
      // only so that their names say the same word.
      tx.run('ALTER TABLE chunks RENAME TO requests');
      tx.run('ALTER TABLE requests RENAME COLUMN polls TO looks');
      tx.run('ALTER TABLE operations RENAME COLUMN chunk_counts TO request_counts');
      tx.run('DROP INDEX chunks_state');
      tx.run('DROP INDEX chunks_job');
      tx.run('CREATE INDEX requests_state ON requests (state, op_id)');
      tx.run('CREATE INDEX requests_job ON requests (async_action_id) WHERE async_action_id IS NOT NULL');
    },
  },
  {
    version: 5,
    description: 'imports queued by reference to their frozen batch rows',
    up(tx) {
      // An import's body was a file written at queue time, a second copy of the batch; it is now
      // rebuilt at send from the batch's rows from..to (frozen while the operation is open) and
      // checked against body_hash. Requests queued before keep their files.
      tx.run('ALTER TABLE requests ADD COLUMN rows_from INTEGER');
      tx.run('ALTER TABLE requests ADD COLUMN rows_to INTEGER');
    },
  },
  {
    version: 6,
    description: 'imports checked by what their bodies are made from',
    up(tx) {
      // A body's checksum needs every row read and every body made at queue time (minutes at ten
      // million codes); the checksum of its rows, field sets and defaults comes from the batch's
      // segments. Requests queued by reference before keep body_hash and are checked by it.
      tx.run('ALTER TABLE requests ADD COLUMN source_hash TEXT');
    },
  },
];
