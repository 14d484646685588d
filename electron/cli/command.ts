import { InvalidRequestError } from '../../shared/api/errors';
import type { Project } from '../../shared/domain/project';
import type { LibraryServices } from '../desk/library';
import type { ConnectionService } from '../projects/connection';
import type { SecretStore } from '../secrets/secret-store';
import type { Reader } from '../store/statements';
import { UsageError, wholeNumberFlag } from '../command-line/flags';
import type { CliIo } from './io';

// The shape every command of `voucher-desk` has. A group (`keys`, `batch`, later `queue`, `sync`,
// `outbox`, ...) is one file under electron/cli/commands/ listed in commands/index.ts.

export type OptionSpec = { type: 'string'; short?: string; description: string } | { type: 'boolean'; short?: string; description: string };

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

export interface CliContext {
  io: CliIo;
  json: boolean;
  dataDir: string;
  /** The library of the data folder, opened on first use and closed when the command ends. */
  library(): Promise<LibraryServices>;
  /** Only the library's database, for commands that read batches: the outbox is not opened for them. */
  libraryReader(): Promise<Reader>;
  /**
   * The library's listing of `kind` (store/listing.ts) when its files are unchanged since it was
   * made, without opening the database; undefined otherwise (then read it with libraryReader).
   */
  libraryListing(kind: string): Promise<unknown>;
  secrets(): SecretStore;
  /** The projects of the data folder and the client of each (opened on first use). */
  connection(): Promise<ConnectionService>;
  /**
   * The project the command works for: `name` (a command's own way to name it), else --project, else
   * $VOUCHER_DESK_PROJECT, else the current one. A refused key or a wrong region is then said about it.
   */
  project(name?: string): Promise<Project>;
}

/** What a command produced: `data` is printed for --json, `text` for people. */
export interface CommandOutput {
  data: unknown;
  text: string;
  /** 1 when the command ran but did not do what was asked (an import that stored nothing); its report is still printed. */
  exitCode?: 1;
}

export interface Command {
  name: string;
  summary: string;
  /** Arguments after the command name, e.g. `<batch> <file>`. */
  usage: string;
  options?: Record<string, OptionSpec>;
  run(ctx: CliContext, args: ParsedArgs): Promise<CommandOutput>;
  /** Hands every argument over unparsed as positionals (a command with its own parser, e.g. `sandbox`). */
  rawArgs?: boolean;
  /**
   * Reads a handful of rows and exits: its start-up is most of its time, so the database engine
   * (WebAssembly) is left to V8's baseline compiler, which alone starts in about half the CPU.
   * Commands that work through many rows leave V8 to optimise it.
   */
  brief?: boolean;
}

/** The subcommands of a group, in the group's own file (imported only when the group is used). */
export interface GroupCommands {
  commands: Command[];
  /** Run when the group is given without a subcommand, or with options only (`sync --dry-run`). */
  defaultCommand?: string;
  /** The default command also runs when the first argument names no subcommand (`earning-rule <id>`). */
  defaultTakesArguments?: boolean;
}

/** A group as the general help lists it; its commands are loaded on use. */
export interface CommandGroup {
  name: string;
  summary: string;
  load(): Promise<GroupCommands>;
  /**
   * Every command of the group is `brief` (see Command.brief): a group that waits on the network, not
   * on the database engine, whose optimising compiler would only compete for the CPU before the first request.
   */
  brief?: boolean;
}

// One UsageError for every command line: the flag reader throws it too.
export { UsageError } from '../command-line/flags';

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A whole-number option; a value outside min..max is wrong usage, like a value that is not a number. */
export function integerOption(args: ParsedArgs, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const text = stringOption(args, name);
  return text === undefined ? undefined : wholeNumberFlag(name, text, min, max);
}

/** Runs the API client's check of query values built from options: a value it refuses is wrong usage. */
export function checkedOptions<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw new UsageError(error.message);
    throw error;
  }
}

/** A target typed on the command line; one that is neither a region nor an http(s) base URL is wrong usage. */
export function typedTarget<T>(text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function positional(args: ParsedArgs, index: number, name: string): string {
  const value = args.positionals[index];
  if (value === undefined || value === '') throw new UsageError(`missing <${name}>`);
  return value;
}

export function jsonOption(args: ParsedArgs, name: string): unknown {
  const text = stringOption(args, name);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--${name} must be JSON: ${(error as Error).message}`);
  }
}
