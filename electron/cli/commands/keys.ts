import { type StoredKeySummary, normalizeTarget, summarize } from '../../secrets/secret-store';
import { type Command, type GroupCommands, UsageError, positional, stringOption, typedTarget } from '../command';
import { table } from '../format';

const listColumns = [
  { header: 'TARGET', value: (k: StoredKeySummary) => k.target },
  { header: 'APP ID', value: (k: StoredKeySummary) => k.appId },
  { header: 'TOKEN', value: (k: StoredKeySummary) => k.maskedToken },
];

const set: Command = {
  name: 'set',
  usage: '<target>',
  summary: 'store the API key pair of a target (eu, us, as or a base URL); the token comes from stdin or a prompt, never from arguments',
  options: { 'app-id': { type: 'string', description: 'the app id (X-App-Id); asked for when omitted on a terminal' } },
  async run(ctx, args) {
    const target = typedTarget(positional(args, 0, 'target'), normalizeTarget);
    if (args.positionals.length > 1) throw new UsageError('the token is not taken from arguments: pipe it on stdin or type it at the prompt');
    let appId = stringOption(args, 'app-id');
    let appToken: string;
    if (ctx.io.stdinIsTty) {
      appId ??= (await ctx.io.readLine('App id: ')).trim();
      appToken = (await ctx.io.readHidden('App token: ')).trim();
    } else {
      if (appId === undefined) throw new UsageError('--app-id is required when the token comes from stdin');
      appToken = (await ctx.io.readStdin()).trim();
    }
    await ctx.secrets().set(target, { appId, appToken });
    const stored = summarize(target, { appId, appToken });
    return { data: stored, text: `Stored the key of ${target} (app id ${appId}, token ${stored.maskedToken}) in the OS keychain.\n` };
  },
};

const show: Command = {
  name: 'show',
  usage: '[target]',
  summary: 'list stored keys (app id and a masked token), or the key of one target',
  async run(ctx, args) {
    const wanted = args.positionals[0];
    if (wanted === undefined) {
      const all = await ctx.secrets().list();
      return { data: all, text: all.length === 0 ? 'No keys stored. Add one with `voucher-desk keys set <target> --app-id <id>`.\n' : table(all, listColumns) };
    }
    const target = typedTarget(wanted, normalizeTarget);
    const pair = await ctx.secrets().get(target);
    if (!pair) throw new Error(`No key is stored for ${target}`);
    const found = summarize(target, pair);
    return { data: found, text: table([found], listColumns) };
  },
};

const remove: Command = {
  name: 'delete',
  usage: '<target>',
  summary: 'remove the key pair of a target from the OS keychain',
  async run(ctx, args) {
    const target = typedTarget(positional(args, 0, 'target'), normalizeTarget);
    if (!(await ctx.secrets().delete(target))) throw new Error(`No key is stored for ${target}`);
    return { data: { target, deleted: true }, text: `Deleted the key of ${target}.\n` };
  },
};

export const keysCommands: GroupCommands = {
  commands: [set, show, remove],
};
