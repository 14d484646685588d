import { createRequire } from 'node:module';
import type { SqlJsStatic } from 'sql.js';

const require = createRequire(import.meta.url);
let loading: Promise<SqlJsStatic> | undefined;

// One WebAssembly instance per process, loaded from the sql.js package itself (never fetched).
// Required rather than imported: importing sql.js's CommonJS file from an ES module makes Node scan it for
// named exports first (cjs-module-lexer), ~15 ms of every start-up for one default export.
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    beforeCompile?.();
    loading = (require('sql.js') as typeof import('sql.js'))({ locateFile: (file) => require.resolve(`sql.js/dist/${file}`) });
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
