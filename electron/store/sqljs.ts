import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

const require = createRequire(import.meta.url);
let loading: Promise<SqlJsStatic> | undefined;

// One WebAssembly instance per process, loaded from the sql.js package itself (never fetched).
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= initSqlJs({ locateFile: (file) => require.resolve(`sql.js/dist/${file}`) });
  return loading;
}
