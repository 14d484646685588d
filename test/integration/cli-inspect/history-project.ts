import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { PublicationDoc, RunningSandbox } from '../../../electron/local-service/server';
import { putPublications, sandboxOn } from '../cache/history';
import { keysForSandbox, spawnJson } from './spawn-bin';

// A sandbox holding a publication history, added as the project of a data folder, for tests that
// run the real binary's `publications` commands against it.

export interface HistoryProject {
  sb: RunningSandbox;
  url: string;
  /** The id the cache files the project's copies under. */
  projectId: string;
  close(): Promise<void>;
}

/** Starts a sandbox on a data file in `tmp` holding `docs` besides its seeds; its key pair goes to the keychain of `env`. */
export async function historyProject(tmp: string, docs: readonly PublicationDoc[], env: NodeJS.ProcessEnv, at: readonly string[]): Promise<HistoryProject> {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these through `npm test -- test/integration/cli-inspect`, which starts a private keyring');
  }
  const dataFile = join(tmp, 'sandbox.sqlite');
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, docs);
  const sb = await sandboxOn(dataFile);
  const url = sb.urls[sb.hostCluster];
  const deleteKeys = await keysForSandbox(url, sb.credentials, env, at);
  const projectId = (await spawnJson<{ id: string }[]>(['project', 'list', ...at], { env }))[0]?.id as string;
  return {
    sb,
    url,
    projectId,
    async close() {
      await sb.close();
      await deleteKeys();
    },
  };
}

/** Runs the real binary with `args` and SIGKILLs it once `reached()` holds (checked every few ms, at most 60 s). */
export async function killedWhen(args: readonly string[], env: NodeJS.ProcessEnv, reached: () => boolean): Promise<void> {
  const child = spawn(process.execPath, [join(process.cwd(), 'bin', 'voucher-desk.js'), ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const closed = new Promise((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 60_000;
  while (!reached() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGKILL');
  await closed;
}
