// `voucher-desk` on the command line: the same services as the app, from a terminal.
import { createRequire } from 'node:module';
import { commandGroups } from './cli/commands';
import { processIo } from './cli/io';
import { runCli } from './cli/run';
import { beforeSqlJsCompiles } from './store/sqljs';

// Set before sql.js compiles its WebAssembly, which it does when the command opens a database. node:v8
// is loaded only then: `batch list` mostly answers from the library's listing without opening it.
const require = createRequire(import.meta.url);
const beforeBrief = (): void => beforeSqlJsCompiles(() => (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--liftoff-only'));

const code = await runCli(process.argv.slice(2), { io: processIo(), env: process.env, groups: commandGroups, beforeBrief });
// The work is done and written; exiting here rather than waiting for the event loop to drain avoids
// Node 20's rare hang at exit on V8's background tasks (nodejs/node#54918), seen in the benchmarks.
process.exitCode = code;
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
