import type { LibraryServices } from '../desk/library';
import type { StoreDatabase } from '../store/database';
import { KeytarSecretStore, KEYCHAIN_SERVICE } from '../secrets/keytar-store';
import type { SecretStore } from '../secrets/secret-store';
import { resolveDataDir } from '../store/data-dir';
import { type CliContext, type Command, type CommandGroup, type GroupCommands, type OptionSpec, type ParsedArgs, UsageError } from './command';
import { cliErrorData, cliErrorText } from './error-words';
import { parseFlags, USAGE_EXIT_CODE } from '../command-line/flags';
import type { CliIo } from './io';
import type { ConnectionService } from '../projects/connection';
import type { Project } from '../../shared/domain/project';

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'data-dir': { type: 'string', description: 'data folder (default: $VOUCHER_DESK_DATA_DIR or the OS app-data folder)' },
  json: { type: 'boolean', description: 'print machine-readable JSON on stdout' },
  project: { type: 'string', description: 'the project to work for (default: $VOUCHER_DESK_PROJECT, else the current one: `voucher-desk project use`)' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

/** Chooses another keychain service name, so tests and separate profiles never share keys. */
export const KEYCHAIN_SERVICE_ENV = 'VOUCHER_DESK_KEYCHAIN_SERVICE';

export interface CliDeps {
  io: CliIo;
  env: NodeJS.ProcessEnv;
  groups: readonly CommandGroup[];
  /** Called before a `brief` command runs, before any database is opened (see Command.brief). */
  beforeBrief?: () => void;
}

/** Runs one command line; returns the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const { io, groups } = deps;
  const [groupName, given, ...after] = argv;
  const group = groups.find((g) => g.name === groupName);
  if (!group) {
    const wanted = groupName === undefined || groupName === '--help' || groupName === '-h' || groupName === 'help';
    (wanted ? io.out : io.err)(generalHelp(groups));
    if (!wanted) io.err(`voucher-desk: unknown command "${groupName}"\n`);
    return wanted ? 0 : 2;
  }
  const loaded = await group.load();
  const asksHelp = given === '--help' || given === '-h' || given === 'help';
  const takesArgument = loaded.defaultTakesArguments === true && !asksHelp && !loaded.commands.some((c) => c.name === given);
  const useDefault = loaded.defaultCommand !== undefined && (given === undefined || (given.startsWith('-') && !asksHelp) || takesArgument);
  const commandName = useDefault ? loaded.defaultCommand : given;
  const rest = useDefault && given !== undefined ? [given, ...after] : after;
  const command = loaded.commands.find((c) => c.name === commandName);
  if (!command) {
    const wanted = commandName === undefined || commandName === '--help' || commandName === '-h' || commandName === 'help';
    (wanted ? io.out : io.err)(groupHelp(group, loaded));
    if (!wanted) io.err(`voucher-desk: unknown command "${group.name} ${commandName}"\n`);
    return wanted ? 0 : 2;
  }
  let json = rest.includes('--json');
  let library: LibraryServices | undefined;
  let libraryDb: StoreDatabase | undefined;
  let connection: Promise<ConnectionService> | undefined;
  let project: Project | undefined;
  try {
    const args = command.rawArgs ? { positionals: [...rest], values: {} } : parse(command, rest);
    json = args.values['json'] === true;
    if (args.values['help'] === true) {
      io.out(commandHelp(group, command));
      return 0;
    }
    if (command.brief || group.brief) deps.beforeBrief?.();
    const dataDir = resolveDataDir(typeof args.values['data-dir'] === 'string' ? args.values['data-dir'] : undefined, deps.env);
    const ctx: CliContext = {
      io,
      json,
      dataDir,
      library: async () => {
        // The database opened alone holds the library's lock; the full services take it over.
        await libraryDb?.close();
        libraryDb = undefined;
        return (library ??= await (await import('../desk/library')).openLibraryServices(dataDir));
      },
      libraryReader: async () => library?.db ?? (libraryDb ??= await (await import('../batches/open')).openLibraryDatabase(dataDir)),
      libraryListing: async (kind) => (library || libraryDb ? undefined : (await import('../batches/library-listing')).readLibraryListing(dataDir, kind)),
      secrets: (): SecretStore => new KeytarSecretStore(deps.env[KEYCHAIN_SERVICE_ENV] || KEYCHAIN_SERVICE),
      connection: () => (connection ??= import('./cli-connection').then((m) => m.cliConnection(dataDir, ctx.secrets(), deps.env))),
      project: async (name) => {
        project = await (await ctx.connection()).resolve(name ?? (typeof args.values['project'] === 'string' ? args.values['project'] : undefined));
        return project;
      },
    };
    const output = await command.run(ctx, args);
    io.out(json ? `${JSON.stringify(output.data, null, 2)}\n` : output.text);
    return output.exitCode ?? 0;
  } catch (thrown) {
    const error = project ? (await import('../projects/connection')).projectError(project, thrown) : thrown;
    // A missing project is wrong use (exit 2); its class is not imported here, so `batch list` starts lean.
    const usage = error instanceof UsageError || (error instanceof Error && error.name === 'NoProjectError');
    const message = error instanceof Error ? error.message : String(error);
    if (json) io.err(`${JSON.stringify({ error: { kind: error instanceof Error ? error.name : 'Error', message, ...cliErrorData(error) } })}\n`);
    else io.err(`voucher-desk: ${cliErrorText(error)}\n${usage ? `usage: ${usageLine(group, command)}\n` : ''}`);
    return usage ? USAGE_EXIT_CODE : 1;
  } finally {
    await library?.close();
    await libraryDb?.close();
  }
}

function parse(command: Command, args: readonly string[]): ParsedArgs {
  return parseFlags(args, { ...GLOBAL_OPTIONS, ...command.options }, true);
}

function usageLine(group: CommandGroup, command: Command): string {
  return `voucher-desk ${group.name} ${command.name}${command.usage ? ` ${command.usage}` : ''} [options]`;
}

function optionLines(options: Record<string, OptionSpec>): string {
  return Object.entries(options)
    .map(([name, spec]) => {
      const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ' <value>' : ''}`;
      return `  ${flag.padEnd(30)} ${spec.description}`;
    })
    .join('\n');
}

function generalHelp(groups: readonly CommandGroup[]): string {
  const lines = groups.map((g) => `  ${g.name.padEnd(12)} ${g.summary}`).join('\n');
  return `Usage: voucher-desk <command> <subcommand> [options]\n\nCommands:\n${lines}\n\nGlobal options:\n${optionLines(GLOBAL_OPTIONS)}\n\nRun \`voucher-desk <command> --help\` for its subcommands.\n`;
}

function groupHelp(group: CommandGroup, loaded: GroupCommands): string {
  const lines = loaded.commands.map((c) => `  ${`${c.name} ${c.usage}`.padEnd(34)} ${c.summary}`).join('\n');
  return `Usage: voucher-desk ${group.name} <subcommand> [options]\n\n${group.summary}\n\nSubcommands:\n${lines}\n`;
}

function commandHelp(group: CommandGroup, command: Command): string {
  const own = command.options ? `Options:\n${optionLines(command.options)}\n\n` : '';
  return `Usage: ${usageLine(group, command)}\n\n${command.summary}\n\n${own}Global options:\n${optionLines(GLOBAL_OPTIONS)}\n`;
}
