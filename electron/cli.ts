// `voucher-desk` on the command line: the same services as the app, from a terminal.
import { setFlagsFromString } from 'node:v8';
import { commandGroups } from './cli/commands';
import { processIo } from './cli/io';
import { runCli } from './cli/run';

// Set before sql.js compiles its WebAssembly, which it does when the command opens a database.
const beforeBrief = (): void => setFlagsFromString('--liftoff-only');

const code = await runCli(process.argv.slice(2), { io: processIo(), env: process.env, groups: commandGroups, beforeBrief });
// The work is done and written; exiting here rather than waiting for the event loop to drain avoids
// Node 20's rare hang at exit on V8's background tasks (nodejs/node#54918), seen in the benchmarks.
process.exitCode = code;
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
