// `voucher-desk` on the command line: the same services as the app, from a terminal.
import { setFlagsFromString } from 'node:v8';
import { commandGroups } from './cli/commands';
import { processIo } from './cli/io';
import { runCli } from './cli/run';

// Set before sql.js compiles its WebAssembly, which it does when the command opens a database.
const beforeBrief = (): void => setFlagsFromString('--liftoff-only');

process.exitCode = await runCli(process.argv.slice(2), { io: processIo(), env: process.env, groups: commandGroups, beforeBrief });
