import { runSandboxCli } from '../../local-service/cli';
import { type Command, type GroupCommands, UsageError } from '../command';
import { USAGE_EXIT_CODE } from '../../command-line/flags';

const run: Command = {
  name: 'run',
  usage: '[sandbox options]',
  summary: 'run the local sandbox of the service on 127.0.0.1 until Ctrl+C (`voucher-desk sandbox run --help` lists its options)',
  rawArgs: true,
  async run(ctx, args) {
    const code = await runSandboxCli(args.positionals, { out: (line) => ctx.io.out(`${line}\n`), err: (line) => ctx.io.err(`${line}\n`) });
    if (code === USAGE_EXIT_CODE) throw new UsageError('see the options above');
    if (code !== 0) throw new Error('the sandbox did not start');
    return { data: { stopped: true }, text: '' };
  },
};

export const sandboxCommands: GroupCommands = {
  commands: [run],
  defaultCommand: 'run',
};
