import { kindWord, projectLabel, type Project } from '../../../shared/domain/project';
import type { ProjectSummary } from '../../projects/projects';
import type { ApiKeyPair } from '../../secrets/secret-store';
import { type CliContext, type Command, type GroupCommands, type ParsedArgs, UsageError, positional, stringOption } from '../command';
import { table } from '../format';
import { withOutbox } from './outbox-access';

const listColumns = [
  { header: '', value: (p: ProjectSummary) => (p.current ? '*' : '') },
  { header: 'NAME', value: (p: ProjectSummary) => p.name },
  { header: 'KIND', value: (p: ProjectSummary) => (p.kind === 'production' ? 'PRODUCTION' : kindWord(p.kind)) },
  { header: 'REGION', value: (p: ProjectSummary) => p.location },
  { header: 'APP ID', value: (p: ProjectSummary) => p.appId || '-' },
  { header: 'TOKEN', value: (p: ProjectSummary) => p.maskedToken ?? 'none stored' },
];

/** The app id from --app-id (or a prompt) and the token from stdin or a hidden prompt: never from arguments. */
export async function readKeyPair(ctx: CliContext, args: ParsedArgs, extraPositionals: number): Promise<ApiKeyPair> {
  if (args.positionals.length > extraPositionals) throw new UsageError('the token is not taken from arguments: pipe it on stdin or type it at the prompt');
  let appId = stringOption(args, 'app-id');
  if (ctx.io.stdinIsTty) {
    appId ??= (await ctx.io.readLine('App id: ')).trim();
    return { appId, appToken: (await ctx.io.readHidden('App token: ')).trim() };
  }
  if (appId === undefined) throw new UsageError('--app-id is required when the token comes from stdin');
  return { appId, appToken: (await ctx.io.readStdin()).trim() };
}

const APP_ID_OPTION = { 'app-id': { type: 'string', description: 'the app id (X-App-Id); asked for when omitted on a terminal' } } as const;

const add: Command = {
  name: 'add',
  usage: '<name>',
  summary: 'add a project: where it lives, its app id and kind; the token comes from stdin or a hidden prompt and is kept in the OS keychain',
  options: {
    region: { type: 'string', description: 'eu, us, as, a dedicated cluster URL or a local sandbox URL (required)' },
    ...APP_ID_OPTION,
    'sandbox-project': {
      type: 'boolean',
      description: "the account's sandbox project (100 API calls an hour; syncs need no confirmation); production otherwise",
    },
  },
  async run(ctx, args) {
    const name = positional(args, 0, 'name');
    const region = stringOption(args, 'region');
    if (region === undefined) throw new UsageError('--region is required: eu, us, as, a dedicated cluster URL or a local sandbox URL');
    const pair = await readKeyPair(ctx, args, 1);
    const connection = await ctx.connection();
    const project = await connection.projects.add({
      name,
      location: region,
      kind: args.values['sandbox-project'] === true ? 'sandbox-project' : 'production',
      pair,
    });
    const current = (await connection.projects.current())?.id === project.id;
    return {
      data: project,
      text: `Added project ${projectLabel(project)} with app id ${project.appId}; its token is in the OS keychain.${current ? ' It is the current project.' : ` Work in it with \`voucher-desk project use ${project.name}\` or --project.`}\n`,
    };
  },
};

const list: Command = {
  name: 'list',
  usage: '',
  summary: 'list the projects: name, kind, region or URL, app id, masked token, and which is current (*)',
  async run(ctx) {
    const all = await (await ctx.connection()).projects.summaries();
    return {
      data: all,
      text:
        all.length === 0
          ? 'No projects yet. Add one with `voucher-desk project add <name> --region <eu|us|as|BASE_URL> --app-id <ID>`.\n'
          : table(all, listColumns),
    };
  },
};

const use: Command = {
  name: 'use',
  usage: '<name>',
  summary: 'make a project the current one: commands and the app work for it unless --project says otherwise',
  async run(ctx, args) {
    const project = await (await ctx.connection()).projects.use(positional(args, 0, 'name'));
    return { data: project, text: `Now working in ${projectLabel(project)}.\n` };
  },
};

const rename: Command = {
  name: 'rename',
  usage: '<old> <new>',
  summary: 'rename a project (its queued operations, caches and key stay with it)',
  async run(ctx, args) {
    const project = await (await ctx.connection()).projects.rename(positional(args, 0, 'old'), positional(args, 1, 'new'));
    return { data: project, text: `Renamed the project to "${project.name}".\n` };
  },
};

const key: Command = {
  name: 'key',
  usage: '<name>',
  summary: 'store a new key pair for a project (a regenerated token); the token comes from stdin or a hidden prompt',
  options: APP_ID_OPTION,
  async run(ctx, args) {
    const name = positional(args, 0, 'name');
    const pair = await readKeyPair(ctx, args, 1);
    const project = await (await ctx.connection()).projects.setKey(name, pair);
    return { data: project, text: `Stored the key of ${projectLabel(project)} (app id ${project.appId}) in the OS keychain.\n` };
  },
};

async function confirmRemoval(ctx: CliContext, project: Project, said: string, yes: boolean): Promise<void> {
  if (yes) return;
  if (!ctx.io.stdinIsTty) throw new Error(`${said}\nNothing was removed: pass --yes to remove it without a question.`);
  const typed = (await ctx.io.readLine(`${said}\nType the project's name to remove it: `)).trim();
  if (typed !== project.name) throw new Error(`"${typed}" is not the project's name; nothing was removed.`);
}

const remove: Command = {
  name: 'remove',
  usage: '<name>',
  summary: 'remove a project and its key; when it has queued operations or a cache it says what and asks (--yes to skip the question)',
  options: { yes: { type: 'boolean', description: 'remove without asking, cancelling its open operations and dropping its cache' } },
  async run(ctx, args) {
    const connection = await ctx.connection();
    const project = await connection.projects.byName(positional(args, 0, 'name'));
    // The cache and the holdings are loaded here only: `project list` and the others never need them.
    const [{ openCacheDatabase }, { holdingsText, holdsAnything, projectHoldings, releaseProject }] = await Promise.all([
      import('../../cache/open'),
      import('../../desk/project-holdings'),
    ]);
    await withOutbox(
      ctx,
      async (outbox) => {
        const cache = await openCacheDatabase(ctx.dataDir);
        try {
          const holdings = projectHoldings(outbox, cache, project);
          if (holdsAnything(holdings)) {
            await confirmRemoval(ctx, project, holdingsText(project, holdings), args.values['yes'] === true);
            await releaseProject(outbox, cache, project);
          }
        } finally {
          await cache.close();
        }
      },
      { batchRows: true },
    );
    await connection.projects.remove(project.name);
    return { data: { removed: project }, text: `Removed project "${project.name}" and its key.\n` };
  },
};

export const projectCommands: GroupCommands = {
  commands: [add, list, use, rename, key, remove],
  defaultCommand: 'list',
};
