import { parseArgs, type ParseArgsConfig } from 'node:util';
import { thousands } from '../../shared/domain/thousands';

// The one flag reader of every command line (voucher-desk, the web host, the sandbox): node:util
// parseArgs, strict, so `--port=N` and `--port N` both work and a misspelt or half-given flag is
// refused the same way everywhere. It imports only node and shared/, and lives outside cli/, so the
// sandbox, which the CLI starts, may use it too without the two folders importing each other.

/** Wrong use of the command line: printed with the usage, exit code 2 (USAGE_EXIT_CODE). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The exit code of a command line refused for its usage. */
export const USAGE_EXIT_CODE = 2;

export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

type Parsed<O extends FlagOptions, P extends boolean> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: P }>>;

/**
 * Reads `argv` with node:util parseArgs in strict mode. An unknown flag, a flag missing its value
 * (or followed by another flag), a value given to a switch and, unless `allowPositionals`, any
 * argument that is not a flag throw a UsageError naming the flag.
 */
export function parseFlags<const O extends FlagOptions, const P extends boolean = false>(
  argv: readonly string[],
  options: O,
  allowPositionals?: P,
): Parsed<O, P> {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: (allowPositionals ?? false) as P });
  } catch (error) {
    // Its usage errors carry ERR_PARSE_ARGS_* codes; anything else is a mistake in `options`.
    if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) throw new UsageError((error as Error).message);
    throw error;
  }
}

/** The value of a whole-number flag: digits only, from min to max, else a UsageError naming the flag and range. */
export function wholeNumberFlag(name: string, text: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${thousands(max)}`;
    throw new UsageError(`--${name} must be a whole number ${range} (got "${text}")`);
  }
  return Number(text);
}
