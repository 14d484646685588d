// `npm run sandbox`: the sandbox's own entry point in the build (dist/cli/sandbox-cli.mjs).
import { runSandboxCli } from './cli';

process.exit(await runSandboxCli(process.argv.slice(2)));
