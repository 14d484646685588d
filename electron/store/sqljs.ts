import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';

const require = createRequire(import.meta.url);
let loading: Promise<SqlJsStatic> | undefined;

// One WebAssembly instance per process, loaded from the sql.js package itself (never fetched).
// Compiled here rather than imported: importing sql.js's CommonJS file from an ES module makes Node
// scan it for named exports first (cjs-module-lexer), ~15 ms of every start-up for one default
// export; and the text is changed first (SQLJS_PATCHES) so that a database is held once.
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    beforeCompile?.();
    loading = requireSqlJs()({ locateFile: (file) => require.resolve(`sql.js/dist/${file}`) });
  }
  return loading;
}

/** Whether this process has loaded sql.js (a command that opened a database). */
export function sqlJsLoaded(): boolean {
  return loading !== undefined;
}

let beforeCompile: (() => void) | undefined;

/**
 * Has `fn` run just before the WebAssembly is compiled, if it ever is in this process (V8 flags for
 * it must be set by then); a command that ends up not opening a database never runs it.
 */
export function beforeSqlJsCompiles(fn: () => void): void {
  beforeCompile = fn;
}

// sql.js keeps each database file as one array in its in-memory file system (MEMFS), and as shipped
// it holds a big database two or three times over: a Uint8Array opened is copied into the file (a
// Buffer is not copied but aliased, through Buffer#slice, even when it is a view of someone else's
// memory), export() copies the whole file through a backup, and a file that outgrows its array is
// copied into one 12.5% larger while the old one waits for a collection. Three changes to its text
// hold it once. They are written against this exact release (package.json pins it): each spot must
// be found exactly once, else sql.js runs as shipped, the store falls back to export() (see
// databaseFile) and test/unit/sqljs.test.ts fails, so that an upgrade is checked spot by spot.
export const SQLJS_VERSION = '1.16.0';

/** The name the changed text calls the helpers by; sql.js's own text must not use it. */
const HELPERS = 'voucherDeskSqlJs';

export interface SqlJsPatch {
  name: string;
  /** Text that must occur exactly once in dist/sql-wasm.js. */
  find: string;
  replace: string;
}

export const SQLJS_PATCHES: readonly SqlJsPatch[] = [
  {
    // createDataFile, which `new Database(bytes)` writes its bytes with: FS.write (jc) drops MEMFS's
    // canOwn, so the write goes to MEMFS's own write (the stream's Qa.write) with canOwn set, given
    // an array the file may keep (HELPERS.owned).
    name: 'a database opened owns its bytes',
    find:
      'function ja(a,b){var d="/",c=a;d&&(d=typeof d==="string"?d:Lb(d),c=a?ab(d+"/"+a):d);a=fb(!0,!0);c=Xb(c,a);' +
      'b&&(typeof b==="string"&&(b=eb(b)),b.subarray||(b=new Uint8Array(b)),cc(c,a|146),d=fc(c,577),jc(d,b,0,b.length,0),hc(d),cc(c,a))}',
    replace:
      'function ja(a,b){var d="/",c=a;d&&(d=typeof d==="string"?d:Lb(d),c=a?ab(d+"/"+a):d);a=fb(!0,!0);c=Xb(c,a);' +
      `b&&(typeof b==="string"&&(b=eb(b)),b.subarray||(b=new Uint8Array(b)),cc(c,a|146),d=fc(c,577),b=${HELPERS}.owned(b),d.Qa.write(d,b,0,b.length,0,!0),hc(d),cc(c,a))}`,
  },
  {
    // Just before export() (prototype.Wb), whose text shows that B looks a file up and that a MEMFS
    // node keeps its bytes in Ua and their length in Wa.
    name: 'Database#fileView',
    find:
      'g.prototype.Wb=function(){if(!this.db)throw Error("Database closed");var f=this.filename+\n"_export";ja(f,[]);var h=0,p=0;' +
      'try{var r=B(f).node,u=null,w=r.Qa.write;r.Qa=Object.create(r.Qa);r.Qa.write=function(T,D,K,V,U){if(u===null)return w(T,D,K,V,U);' +
      'r.Ua.set(D.subarray(K,K+V),U);r.Wa=Math.max(r.Wa,U+V);return V};',
    replace:
      'g.prototype.fileView=function(){if(!this.db)throw Error("Database closed");var r=B(this.filename).node;return r.Ua.subarray(0,r.Wa)};' +
      'g.prototype.Wb=function(){if(!this.db)throw Error("Database closed");var f=this.filename+\n"_export";ja(f,[]);var h=0,p=0;' +
      'try{var r=B(f).node,u=null,w=r.Qa.write;r.Qa=Object.create(r.Qa);r.Qa.write=function(T,D,K,V,U){if(u===null)return w(T,D,K,V,U);' +
      'r.Ua.set(D.subarray(K,K+V),U);r.Wa=Math.max(r.Wa,U+V);return V};',
  },
  {
    // MEMFS's write: with canOwn (g) it keeps the array given; else it grows the file's array when a
    // write goes past its end, which HELPERS.grow now does.
    name: 'a file grows in place',
    find:
      'write(a,b,d,c,e,g){b.buffer===v.buffer&&(g=!1);if(!c)return 0;a=a.node;a.mtime=a.ctime=Date.now();if(g)a.Ua=b.subarray(d,d+c),a.Wa=c;' +
      'else if(a.Wa||e){g=e+c;var m=a.Ua.length;m>=g||(g=Math.max(g,m*(m<1048576?2:1.125)>>>0),m&&(g=\nMath.max(g,256)),m=a.Ua.subarray(0,a.Wa),a.Ua=new Uint8Array(g),a.Ua.set(m));',
    replace:
      'write(a,b,d,c,e,g){b.buffer===v.buffer&&(g=!1);if(!c)return 0;a=a.node;a.mtime=a.ctime=Date.now();if(g)a.Ua=b.subarray(d,d+c),a.Wa=c;' +
      `else if(a.Wa||e){g=e+c;var m=a.Ua.length;m>=g||(a.Ua=${HELPERS}.grow(a.Ua,a.Wa,g));`,
  },
];

/** sql.js's text with every patch applied; as it was, and the patches not found, when any is missing. */
export function patchSqlJs(source: string): { source: string; missing: string[] } {
  const missing = SQLJS_PATCHES.filter((patch) => source.split(patch.find).length !== 2).map((patch) => patch.name);
  if (source.includes(HELPERS)) missing.push(`the name ${HELPERS} is free`);
  if (missing.length > 0) return { source, missing };
  return { source: SQLJS_PATCHES.reduce((text, patch) => text.replace(patch.find, () => patch.replace), source), missing };
}

type InitSqlJs = typeof import('sql.js');

/**
 * sql.js's main file as require('sql.js') would load it, patched: a CommonJS module of its own,
 * in require's cache under its own path (so that a later require gets this one, and what a
 * command loaded can be told from the cache, as test/integration/cli/bundle.test.ts does).
 */
function requireSqlJs(): InitSqlJs {
  const file = require.resolve('sql.js');
  const cached = require.cache[file];
  if (cached) return cached.exports as InitSqlJs;
  const module = new Module(file);
  module.filename = file;
  // node:vm only now: a command that never opens a database does not load it.
  const { compileFunction } = require('node:vm') as typeof import('node:vm');
  const compiled = compileFunction(patchSqlJs(readFileSync(file, 'utf8')).source, ['exports', 'require', 'module', '__filename', '__dirname', HELPERS], {
    filename: file,
  });
  require.cache[file] = module;
  try {
    compiled.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), helpers);
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  module.loaded = true;
  return module.exports as InitSqlJs;
}

// Resizable ArrayBuffers (Node 20+, ES2024): TypeScript's ES2023 library does not know them.
interface GrowableBuffer extends ArrayBuffer {
  readonly resizable: boolean;
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}
const GrowableBuffer = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => GrowableBuffer;

/**
 * A growable file reserves this much address space, the most V8 allows; pages are committed only
 * as they are written, so the reservation costs no memory.
 */
const GROWABLE_MAX = 2 ** 32;
/** Below this a file grows as sql.js grows it (a copy, cheap at this size): no reservation for small temporary files. */
const GROW_IN_PLACE_FROM = 1024 * 1024;

function isGrowable(buffer: ArrayBufferLike): buffer is GrowableBuffer {
  return buffer instanceof ArrayBuffer && (buffer as GrowableBuffer).resizable;
}

/** An array of `length` bytes in a buffer that can grow in place to GROWABLE_MAX, or a plain one when none can be had. */
function growableArray(length: number): Uint8Array {
  if (length <= GROWABLE_MAX) {
    try {
      return new Uint8Array(new GrowableBuffer(length, { maxByteLength: GROWABLE_MAX }), 0, length);
    } catch {
      // No address space left to reserve (a 32-bit process, or V8's sandbox full): a plain array still works.
    }
  }
  return new Uint8Array(length);
}

const helpers = {
  /**
   * The array a new file may keep: the caller's own when it is a whole buffer of its own (the
   * caller hands it over), else a copy, so that a view of a pooled or shared buffer is never
   * written through and nobody else's bytes ever change.
   */
  owned(bytes: Uint8Array): Uint8Array {
    const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return whole ? bytes : new Uint8Array(bytes);
  },
  /** The file's array grown to at least `needed` bytes, keeping its first `used`: in place when its buffer can grow. */
  grow(contents: Uint8Array, used: number, needed: number): Uint8Array {
    const held = contents.length;
    // sql.js's own steps: few calls, and room not yet written costs no memory in a growable buffer.
    const length = Math.min(Math.max(needed, Math.floor(held * (held < 1024 * 1024 ? 2 : 1.125)), 256), Math.max(needed, GROWABLE_MAX));
    const buffer = contents.buffer;
    if (isGrowable(buffer) && contents.byteOffset === 0 && contents.byteLength === buffer.byteLength && length <= buffer.maxByteLength) {
      buffer.resize(length);
      return new Uint8Array(buffer, 0, length);
    }
    const grown = length >= GROW_IN_PLACE_FROM ? growableArray(length) : new Uint8Array(length);
    grown.set(contents.subarray(0, used));
    return grown;
  },
};

/**
 * Reads a database file straight into a buffer that can grow in place: sql.js keeps it as the
 * file (it owns its whole buffer), and the database grows in it without ever being copied.
 */
export function readGrowable(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = growableArray(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    // A file cut while being read is given as read; the checks after say what is wrong with it.
    if (read < size && isGrowable(bytes.buffer)) bytes.buffer.resize(read);
    return Buffer.from(bytes.buffer, 0, read);
  } finally {
    closeSync(fd);
  }
}

interface WithFileView {
  fileView(): Uint8Array;
}

/**
 * The database's file as a checkpoint writes it. With the patches, the file itself, not a copy: a
 * view of the live database, which the next statement may change, so it must be written or hashed
 * before any SQL runs again. It is trusted only when it is as long as SQLite says the database is
 * (page_count x page_size) and not marked for WAL; else, as without the patches, export().
 *
 * The bytes differ from export()'s in the file change counter only (header bytes 24-27, repeated
 * in 92-95 as "version valid for"): export() copies the pages into a new file through SQLite's
 * backup, whose own commit gives that file a counter of its own. Nothing here reads the counter
 * but to see that the header's page count is valid (92-95 equal to 24-27), which holds for both.
 */
export function databaseFile(db: Database): Uint8Array {
  const fileView = (db as Database & Partial<WithFileView>).fileView;
  if (fileView) {
    const pages = db.exec('PRAGMA page_count; PRAGMA page_size');
    const expected = Number(pages[0]?.values[0]?.[0]) * Number(pages[1]?.values[0]?.[0]);
    const view = fileView.call(db);
    if (view.length === expected && view[18] === 1 && view[19] === 1) return view;
  }
  return db.export();
}
