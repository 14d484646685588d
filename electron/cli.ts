// `voucher-desk` on the command line: the same services as the app, from a terminal.
import { commandGroups } from './cli/commands';
import { processIo } from './cli/io';
import { runCli } from './cli/run';

process.exitCode = await runCli(process.argv.slice(2), { io: processIo(), env: process.env, groups: commandGroups });
