import { normalizeLocation, projectLabel } from '../../../shared/domain/project';
import { projectAccount } from '../../secrets/secret-store';
import { type Command, type GroupCommands, UsageError, positional } from '../command';
import { projectCommands, readKeyPair } from './project';

// `keys` from before projects, kept for one release as a thin alias: a target (`eu`, a URL) names the
// project called after it, as the folder's migration names them; `project` is the command to use.

async function projectOfTarget(ctx: Parameters<Command['run']>[0], target: string) {
  let name: string;
  try {
    name = normalizeLocation(target);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const projects = (await ctx.connection()).projects;
  return { projects, name, project: (await projects.list()).find((p) => p.name === name) };
}

const set: Command = {
  name: 'set',
  usage: '<target>',
  summary:
    'deprecated (use `project add` or `project key`): store the key pair of the project named after a target (eu, us, as or a base URL), adding it as a production project when new',
  options: { 'app-id': { type: 'string', description: 'the app id (X-App-Id); asked for when omitted on a terminal' } },
  async run(ctx, args) {
    const { projects, name, project } = await projectOfTarget(ctx, positional(args, 0, 'target'));
    const pair = await readKeyPair(ctx, args, 1);
    const stored = project ? await projects.setKey(project.name, pair) : await projects.add({ name, location: name, kind: 'production', pair });
    return {
      data: stored,
      text: `Stored the key of ${projectLabel(stored)} (app id ${stored.appId}) in the OS keychain. \`keys\` is deprecated: use \`voucher-desk project\`.\n`,
    };
  },
};

const remove: Command = {
  name: 'delete',
  usage: '<target>',
  summary: 'deprecated (use `project remove`): remove the key pair of the project named after a target',
  async run(ctx, args) {
    const { name, project } = await projectOfTarget(ctx, positional(args, 0, 'target'));
    if (!project || !(await ctx.secrets().delete(projectAccount(project.id)))) throw new Error(`No key is stored for ${name}`);
    return { data: { target: name, deleted: true }, text: `Deleted the key of ${name}.\n` };
  },
};

const list = projectCommands.commands.find((c) => c.name === 'list') as Command;

export const keysCommands: GroupCommands = {
  commands: [set, { ...list, name: 'show', summary: 'deprecated (use `project list`): list the projects and their masked keys' }, remove],
};
