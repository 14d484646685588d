import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APP_VERSION } from './app-version';
import { parseFlags, UsageError, USAGE_EXIT_CODE, wholeNumberFlag } from '../command-line/flags';
import { parseSeedPublications } from '../local-service/cli-args';
import { startSandbox } from '../local-service/server';
import type { RunningSandbox } from '../local-service/types';
import { MemorySecretStore } from '../secrets/memory-store';
import { resolveDataDir } from '../store/data-dir';
import { createServices, type Services } from './services';
import { createEventHub, startWebHost, type WebHost } from './web-host';

export const WEB_USAGE = `Usage: npm run web -- [options]

Serves Voucher Desk to your browser on 127.0.0.1 (\`npm run web\` builds the renderer and this host first).

Options:
  --data-dir DIR     folder for the databases (default: VOUCHER_DESK_DATA_DIR or the app-data folder)
  --port N           port to listen on, 0 to 65,535 (default: a free port)
  --sandbox          also start a local sandbox of the service with a production and a sandbox project, added as projects
  --seed-publications N  with --sandbox: seed it with a two-year history of N publications (0 to 300,000)
  --memory-keychain  keep API keys in memory for this run instead of the OS keychain
  --help             show this text

A value may also be joined to its flag: --port=8080.`;

// This module runs bundled in dist/cli (`npm run web`), beside the renderer's dist/renderer.
export const DEFAULT_RENDERER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../renderer');

export interface WebAppOptions {
  dataDir: string;
  port?: number;
  sandbox?: boolean;
  /** With `sandbox`: the size of the publication history it seeds. */
  seedPublications?: number;
  memoryKeychain?: boolean;
  rendererDir?: string;
}

export interface WebApp {
  host: WebHost;
  services: Services;
  sandbox: RunningSandbox | undefined;
  close(): Promise<void>;
}

/** Starts the services on a data folder (and a sandbox when asked) and serves them to a browser. */
export async function startWebApp(options: WebAppOptions): Promise<WebApp> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (${join(rendererDir, 'index.html')} is missing): run \`npm run build\` first.`);
  }
  // As an account has: a production project and the sandbox project, on one address.
  const sandbox = options.sandbox
    ? await startSandbox({ projects: SANDBOX_PROJECTS, ...(options.seedPublications !== undefined && { seedPublications: options.seedPublications }) })
    : undefined;
  const hub = createEventHub();
  const services = createServices({
    dataDir: options.dataDir,
    appInfo: { name: 'Voucher Desk', version: APP_VERSION },
    send: hub.send,
    ...(options.memoryKeychain ? { secrets: { store: new MemorySecretStore(), label: 'memory, for this run only' } } : {}),
  });
  await services.lifecycle.recover();
  if (sandbox) await useSandbox(services, sandbox);
  const host = await startWebHost({ handlers: services.handlers, rendererDir, ...(options.port === undefined ? {} : { port: options.port }) }, hub);
  return {
    host,
    services,
    sandbox,
    async close() {
      await host.close();
      await services.lifecycle.shutdown({ stopMs: 10_000, flushMs: 10_000 });
      await sandbox?.close();
    },
  };
}

const SANDBOX_PROJECTS = [{ name: 'production' }, { name: 'sandbox-project', sandboxProject: true }];

/**
 * Adds the sandbox's projects with their key pairs, so the app works with no account: "local
 * production" (current, being first) and "local sandbox project". A folder that has them already
 * gets the new run's keys.
 */
async function useSandbox(services: Services, sandbox: RunningSandbox): Promise<void> {
  const { projects } = services.connection;
  const location = sandbox.urls[sandbox.hostCluster];
  for (const project of sandbox.projects) {
    const name = project.kind === 'production' ? 'local production' : 'local sandbox project';
    const known = (await projects.list()).find((p) => p.name === name);
    if (known) {
      await projects.relocateSandbox(name, location);
      await projects.setKey(name, project.credentials);
    } else await projects.add({ name, location, kind: project.kind, pair: project.credentials });
  }
}

const WEB_FLAGS = {
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  sandbox: { type: 'boolean' },
  'seed-publications': { type: 'string' },
  'memory-keychain': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Reads the web host's command line; wrong usage throws a UsageError naming the flag. */
export function parseWebArgs(argv: readonly string[]): WebAppOptions & { help: boolean } {
  const { values } = parseFlags(argv, WEB_FLAGS);
  const parsed: Partial<WebAppOptions> & { help: boolean } = { help: values.help === true };
  if (values['data-dir'] !== undefined) parsed.dataDir = resolve(values['data-dir']);
  if (values.port !== undefined) parsed.port = wholeNumberFlag('port', values.port, 0, 65535);
  if (values.sandbox) parsed.sandbox = true;
  if (values['memory-keychain']) parsed.memoryKeychain = true;
  if (values['seed-publications'] !== undefined) {
    if (!parsed.sandbox) throw new UsageError('--seed-publications needs --sandbox.');
    parsed.seedPublications = parseSeedPublications(values['seed-publications']);
  }
  return { ...parsed, dataDir: resolveDataDir(parsed.dataDir) };
}

async function main(argv: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseWebArgs>;
  try {
    options = parseWebArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`web: ${error.message}\n${WEB_USAGE}`);
    return USAGE_EXIT_CODE;
  }
  if (options.help) {
    console.log(WEB_USAGE);
    return 0;
  }
  const app = await startWebApp(options);
  console.log(`Voucher Desk is serving on 127.0.0.1. Open this address (it carries this run's access token):`);
  console.log(`  ${app.host.url}`);
  console.log(`Data folder: ${options.dataDir}`);
  if (app.sandbox) console.log(`Local sandbox: ${app.sandbox.urls[app.sandbox.hostCluster]}`);
  console.log('Serving until stopped (Ctrl+C).');
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await app.close();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`web: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
