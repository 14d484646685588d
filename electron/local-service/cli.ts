import { UsageError, USAGE_EXIT_CODE } from '../command-line/flags';
import { parseSandboxArgs, USAGE } from './cli-args';
import { projectSpecs, SANDBOX_PROJECT_RATE_LIMIT } from './project-spec';
import { startSandbox } from './server';
import { CLUSTERS, DOWNLOAD_CLUSTERS, downloadClusterOf, type RunningSandbox, type SandboxOptions } from './types';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

function rateOf(settings: SandboxOptions['rateLimit']): string {
  if (settings?.perMinute) return `${settings.perMinute} calls a minute`;
  if (settings?.perHour) return `${settings.perHour} calls an hour`;
  return '300,000 calls a month (the default plan)';
}

function describe(sb: RunningSandbox, options: SandboxOptions): string[] {
  const specs = projectSpecs(options);
  const several = sb.projects.length > 1;
  const lines = [
    'Voucher Desk sandbox: the promotion service API on 127.0.0.1',
    several
      ? `Projects hosted on cluster: ${sb.hostCluster} (${sb.projects.length} projects on one address; the key pair selects the project)`
      : `Project hosted on cluster: ${sb.hostCluster}`,
    ...CLUSTERS.map(
      (c) =>
        `  ${c.padEnd(12)} ${sb.urls[c]}${c === sb.hostCluster ? `   <- the ${several ? 'projects live' : 'project lives'} here` : '   (answers wrong_cluster)'}`,
    ),
    ...DOWNLOAD_CLUSTERS.map(
      (c) => `  ${c.padEnd(12)} ${sb.downloadUrls[c]}${c === downloadClusterOf(sb.hostCluster) ? '   <- export files' : '   (answers wrong_cluster)'}`,
    ),
  ];
  sb.projects.forEach((project, i) => {
    const spec = specs[i];
    const rate = project.kind === 'sandbox-project' ? `${rateOf(SANDBOX_PROJECT_RATE_LIMIT)} (the sandbox project's fixed budget)` : rateOf(options.rateLimit);
    lines.push(
      `Project ${project.name} (${project.kind}), key pair (headers X-App-Id and X-App-Token):`,
      `  App ID:    ${project.credentials.appId}`,
      `  App Token: ${project.credentials.appToken}`,
      `  Data: ${spec?.dataFile ?? 'in memory (gone when stopped)'}`,
      `  Publications: ${sb.publicationDocs(project.name).length.toLocaleString('en-US')} listed by GET /v1/publications`,
      `  Rate limit: ${rate}`,
    );
  });
  lines.push('Fault injection: POST /__sandbox/faults with a JSON body; request log: GET /__sandbox/requests (see --help).', 'Serving until stopped (Ctrl+C).');
  return lines;
}

/** `npm run sandbox` / `voucher-desk sandbox`: serves until SIGINT or SIGTERM; resolves to the exit code. */
export async function runSandboxCli(argv: readonly string[], io: CliIo = consoleIo): Promise<number> {
  let parsed: ReturnType<typeof parseSandboxArgs>;
  try {
    parsed = parseSandboxArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`sandbox: ${error.message}`);
    io.err(USAGE);
    return USAGE_EXIT_CODE;
  }
  if (parsed.help) {
    io.out(USAGE);
    return 0;
  }
  let sb: RunningSandbox;
  try {
    sb = await startSandbox(parsed.options);
  } catch (error) {
    io.err(`sandbox: could not start: ${(error as Error).message}`);
    return 1;
  }
  for (const line of describe(sb, parsed.options)) io.out(line);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  io.out(`Received ${signal}; stopping the sandbox.`);
  await sb.close();
  io.out('Sandbox stopped.');
  return 0;
}
