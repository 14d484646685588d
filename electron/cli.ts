// `voucher-desk` on the command line: the same services as the app, from a terminal.
import { createRequire } from 'node:module';
import { commandGroups } from './cli/commands';
import { processIo } from './cli/io';
import { runCli } from './cli/run';
import { beforeSqlJsCompiles, sqlJsLoaded } from './store/sqljs';

// Set before sql.js compiles its WebAssembly, which it does when the command opens a database. node:v8
// is loaded only then: `batch list` mostly answers from the library's listing without opening it.
const require = createRequire(import.meta.url);
const beforeBrief = (): void => beforeSqlJsCompiles(() => (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--liftoff-only'));

/**
 * Node 20 can deadlock in exit (nodejs/node#54918): exit joins V8's worker threads while a
 * background compile job waits for the main thread to collect garbage, which it never will again
 * (seen in 1 of 15 runs of `queue import`, after its output). A collection just before exit answers
 * any such wait and leaves the jobs still running room enough to need none. It costs a few
 * milliseconds, so only a command that opened a database pays it: one that did not (`batch list`
 * from the listing, `--help`) ran too little for V8 to optimize anything in the background.
 */
function exitAfterCollecting(exitCode: number): void {
  if (sqlJsLoaded()) {
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--expose-gc');
    ((require('node:vm') as typeof import('node:vm')).runInNewContext('gc') as () => void)();
  }
  process.exit(exitCode);
}

const code = await runCli(process.argv.slice(2), { io: processIo(), env: process.env, groups: commandGroups, beforeBrief });
// The work is done and written: exit without waiting for the event loop to drain, which can hang the same way.
process.exitCode = code;
process.stdout.write('', () => process.stderr.write('', () => exitAfterCollecting(code)));
