import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLJS_PATCHES, SQLJS_VERSION, databaseFile, loadSqlJs, patchSqlJs, readGrowable } from '../../electron/store/sqljs';

const require = createRequire(import.meta.url);
const MiB = 1024 * 1024;
/** ArrayBuffers held by the process now: a copy of a database shows here, a view of one does not. */
const arrayBuffers = (): number => process.memoryUsage().arrayBuffers;
/** Header bytes that hold the file change counter: 24-27, and 92-95 ("version valid for"). */
const COUNTER_BYTES = [24, 25, 26, 27, 92, 93, 94, 95];

let SQL: SqlJsStatic;
let work: string;

beforeAll(async () => {
  SQL = await loadSqlJs();
  work = mkdtempSync(join(tmpdir(), 'voucher-desk-sqljs-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The bytes of a database of `mib` MiB of blobs, in an array that is its buffer's only view. */
function databaseBytes(mib: number, pageSize = 4096): Uint8Array {
  const db = new SQL.Database();
  db.run(`PRAGMA page_size = ${pageSize}`);
  db.run('CREATE TABLE blobs (b BLOB)');
  db.run('BEGIN');
  for (let i = 0; i < mib; i++) db.run('INSERT INTO blobs VALUES (randomblob(1048576))');
  db.run('COMMIT');
  const bytes = db.export();
  db.close();
  return bytes;
}

const count = (db: Database): unknown => db.exec('SELECT count(*) FROM blobs')[0]?.values[0]?.[0];

describe('sql.js loader', () => {
  it('loads the engine once and runs SQL', async () => {
    const first = await loadSqlJs();
    expect(await loadSqlJs()).toBe(first);
    const db = new first.Database();
    db.run('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (41), (1)');
    expect(db.exec('SELECT sum(n) FROM t')[0]?.values[0]?.[0]).toBe(42);
    db.close();
  });

  it('finds each of its changes exactly once in sql.js 1.16.0, the release package.json pins', () => {
    const file = require.resolve('sql.js');
    expect(JSON.parse(readFileSync(join(file, '..', '..', 'package.json'), 'utf8'))).toMatchObject({ version: SQLJS_VERSION });
    const ours = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(ours.dependencies['sql.js']).toBe(SQLJS_VERSION);
    expect(patchSqlJs(readFileSync(file, 'utf8')).missing).toEqual([]);
    expect(SQLJS_PATCHES.map((patch) => patch.name)).toHaveLength(3);
    expect(typeof (SQL.Database.prototype as Partial<Record<'fileView', unknown>>).fileView).toBe('function');
  });

  it('runs sql.js as shipped when a spot is missing, and names it', () => {
    const [first] = SQLJS_PATCHES;
    const shipped = readFileSync(require.resolve('sql.js'), 'utf8').replace(first?.find ?? '', '');
    expect(patchSqlJs(shipped)).toEqual({ source: shipped, missing: [first?.name] });
  });

  it("keeps the patched sql.js in require's cache under its own path, so require('sql.js') gets it", async () => {
    const file = require.resolve('sql.js');
    expect(require.cache[file]?.loaded).toBe(true);
    const init = require('sql.js') as typeof import('sql.js');
    expect(await init()).toBe(SQL);
  });
});

describe('sql.js holds a database once', () => {
  it('opens a 64 MiB database in the very bytes given, adding no memory', () => {
    const bytes = databaseBytes(64);
    expect(bytes.length).toBeGreaterThan(64 * MiB);
    const before = arrayBuffers();
    const db = new SQL.Database(bytes);
    expect(count(db)).toBe(64);
    expect(arrayBuffers() - before).toBeLessThan(2 * MiB);
    expect(databaseFile(db).buffer).toBe(bytes.buffer);
    db.close();
  });

  it('copies a view of a shared buffer, so neither the view nor the bytes around it ever change', () => {
    const bytes = databaseBytes(1);
    const shared = Buffer.alloc(bytes.length + 2 * 4096, 0x5a);
    shared.set(bytes, 4096);
    const before = Buffer.from(shared);
    const db = new SQL.Database(shared.subarray(4096, 4096 + bytes.length));
    db.run('BEGIN');
    db.run('UPDATE blobs SET b = zeroblob(1000)');
    for (let i = 0; i < 50; i++) db.run('INSERT INTO blobs VALUES (randomblob(100000))');
    db.run('COMMIT');
    expect(count(db)).toBe(51);
    expect(shared.equals(before)).toBe(true);
    expect(databaseFile(db).buffer).not.toBe(shared.buffer);
    db.close();
  });

  it("copies a small database held in Node's shared Buffer pool, leaving the pool as it was", () => {
    const bytes = databaseBytes(0, 512);
    const pooled = Buffer.from(bytes);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const pool = new Uint8Array(pooled.buffer).slice();
    const db = new SQL.Database(pooled);
    db.run('INSERT INTO blobs VALUES (randomblob(100))');
    expect(Buffer.compare(new Uint8Array(pooled.buffer), pool)).toBe(0);
    db.close();
  });

  it("hands a checkpoint the file itself, export()'s bytes but the change counter, adding no memory", () => {
    const db = new SQL.Database(databaseBytes(64));
    db.run('PRAGMA journal_mode = MEMORY');
    db.run('INSERT INTO blobs VALUES (randomblob(100))');
    db.run('DELETE FROM blobs WHERE rowid = 1');
    const before = arrayBuffers();
    const view = databaseFile(db);
    expect(arrayBuffers() - before).toBeLessThan(2 * MiB);
    const exported = db.export();
    // The measure sees a copy: export() makes one.
    expect(arrayBuffers() - before).toBeGreaterThan(60 * MiB);
    expect(view.length).toBe(exported.length);
    const differing = [];
    for (let i = 0; i < view.length; i++) if (view[i] !== exported[i]) differing.push(i);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.every((i) => COUNTER_BYTES.includes(i))).toBe(true);
    // Both say the header's page count is valid: "version valid for" equals the counter.
    const word = (bytes: Uint8Array, at: number): number => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
    expect(word(view, 92)).toBe(word(view, 24));
    expect(word(exported, 92)).toBe(word(exported, 24));
    db.close();
  });

  it('falls back to export() when the file view is not the whole database', () => {
    const db = new SQL.Database(databaseBytes(1));
    Object.assign(db, { fileView: () => new Uint8Array(100) });
    expect(Buffer.from(databaseFile(db)).equals(Buffer.from(db.export()))).toBe(true);
    db.close();
  });

  it('grows a database read with readGrowable 100x in the very buffer it was read into', () => {
    const file = join(work, 'small.sqlite');
    writeFileSync(file, databaseBytes(0));
    const bytes = readGrowable(file);
    const buffer = bytes.buffer;
    const start = bytes.length;
    const db = new SQL.Database(bytes);
    db.run('BEGIN');
    for (let i = 0; i < 1000; i++) db.run('INSERT INTO blobs VALUES (randomblob(1000))');
    db.run('COMMIT');
    const view = databaseFile(db);
    expect(view.length).toBeGreaterThanOrEqual(start * 100);
    expect(view.buffer).toBe(buffer);
    expect(buffer.byteLength).toBeGreaterThanOrEqual(view.length);
    db.close();
  });
});
