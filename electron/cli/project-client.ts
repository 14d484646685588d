import type { Scope, VoucherClient } from '../../shared/api';
import { normalizeLocation, projectLabel, type Project } from '../../shared/domain/project';
import type { CliContext, OptionSpec, ParsedArgs } from './command';
import { UsageError, stringOption } from './command';

// Which project a command that talks to the service or reads a project's cache works for. `--target`
// is the flag from before projects, kept for one release: it names the project called after a target,
// as `keys set` and the folder's migration name them.

export const TARGET_OPTION: Record<string, OptionSpec> = {
  target: {
    type: 'string',
    description: 'deprecated (use --project): the project named after this target (eu, us, as or a URL), as `keys set` names it',
  },
};

export async function projectFor(ctx: CliContext, args: ParsedArgs): Promise<Project> {
  const target = stringOption(args, 'target');
  if (target === undefined) return ctx.project();
  let name: string;
  try {
    name = normalizeLocation(target);
  } catch (error) {
    throw new UsageError(`--target: ${(error as Error).message}`);
  }
  if (!(await (await ctx.connection()).projects.list()).some((p) => p.name === name)) {
    throw new Error(
      `No project is named after ${name}: add it with \`voucher-desk project add <name> --region ${name} --app-id <ID>\` and pass --project <name> (--target is deprecated)`,
    );
  }
  return ctx.project(name);
}

/** A client of the project signed with its stored key pair (OAuth, asking for `scopes`). */
export async function clientFor(ctx: CliContext, project: Project, scopes: readonly Scope[]): Promise<VoucherClient> {
  return (await (await ctx.connection()).client(project, { type: 'oauth', scopes })).client;
}

/** Where a project's cached copies are filed (its id) and how reports name it. */
export function cacheScope(project: Project): { key: string; label: string } {
  return { key: project.id, label: projectLabel(project) };
}
