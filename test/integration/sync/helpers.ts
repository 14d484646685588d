import type { ProjectKind, Project } from '../../../shared/domain/project';
import { createConnection, type Connection } from '../../../electron/host/handlers/connection';
import { SettingsFile } from '../../../electron/host/handlers/settings-file';
import { ConnectionService } from '../../../electron/projects/connection';
import { Projects } from '../../../electron/projects/projects';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createClient, type ClientOptions, type VoucherClient } from '../../../shared/api';
import { BatchService } from '../../../electron/batches/batch-service';
import { DraftService } from '../../../electron/batches/draft-service';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/local-service/server';
import { openLibraryDatabase } from '../../../electron/batches/open';
import type { StoreDatabase } from '../../../electron/store/database';
import { Outbox } from '../../../electron/outbox/outbox';
import { frozenRowsOf } from '../../../electron/desk/frozen-rows';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vd-sync-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sb = await startSandbox(options);
  cleanups.push(() => sb.close());
  return sb;
}

export interface Desk {
  dir: string;
  library: StoreDatabase;
  outbox: Outbox;
  batches: BatchService;
  drafts: DraftService;
}

/** A data folder with the library and the outbox open (closed after the test). */
export async function desk(dir = tempDir()): Promise<Desk> {
  const library = await openLibraryDatabase(dir);
  const outbox = await Outbox.open(dir, { frozen: frozenRowsOf(library) });
  cleanups.push(async () => {
    await outbox.close().catch(() => undefined);
    await library.close();
  });
  const frozen = (batchId: number) => outbox.frozenBy(batchId);
  return { dir, library, outbox, batches: new BatchService(library, frozen), drafts: new DraftService(library, frozen) };
}

export const PERCENT_DEFAULTS = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } } as const;

export function codes(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(5, '0')}`);
}

/** A batch of `n` valid discount vouchers named `<prefix>-00001`, ... */
export async function batchOf(d: Desk, name: string, list: readonly string[], extra: Record<string, unknown> = {}): Promise<number> {
  const batch = await d.batches.create({ name, defaults: { ...PERCENT_DEFAULTS } });
  await d.drafts.add(
    batch.id,
    list.map((code) => ({ code, ...extra })),
  );
  return batch.id;
}

export function clientFor(sb: RunningSandbox, options: Partial<ClientOptions> = {}): VoucherClient {
  return createClient({
    target: { sandbox: sb.urls[sb.hostCluster] },
    auth: { type: 'oauth', ...sb.credentials, scopes: ['vouchers', 'async-actions', 'campaigns', 'rewards'] },
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    ...options,
  });
}

export async function codesOnService(client: VoucherClient, list: readonly string[]): Promise<string[]> {
  const present: string[] = [];
  for (const code of list) {
    try {
      await client.getVoucher(code);
      present.push(code);
    } catch {
      // absent
    }
  }
  return present;
}

/** A manual clock shared by sandbox, client and engine; waiting advances it instead of sleeping. */
export function manualTime(clock: { advance(ms: number): void }): (ms: number) => Promise<void> {
  return async (ms) => {
    clock.advance(Math.max(0, ms));
    await new Promise((resolve) => setTimeout(resolve, 1));
  };
}

/** Real fetch that also notes each answer's method, path and status. */
export function recordingFetch(): { fetch: typeof fetch; seen: { method: string; path: string; status: number }[] } {
  const seen: { method: string; path: string; status: number }[] = [];
  return {
    seen,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      seen.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, status: response.status });
      return response;
    },
  };
}

/**
 * The app's connection to one project on the sandbox, as the host wires it: the projects file in the
 * desk's folder and the pair in an in-memory keychain (the real keychain has its own tests).
 */
export async function sandboxConnection(
  d: Desk,
  sb: RunningSandbox,
  kind: ProjectKind = 'sandbox-project',
): Promise<{ connection: Connection; project: Project }> {
  const noLegacy = { settingsTarget: () => undefined, syncTarget: async () => undefined, cacheTargets: async () => [], bindQueue: async () => undefined };
  const projects = new Projects(d.dir, new MemorySecretStore(), noLegacy);
  const project = await projects.add({ name: 'local', location: sb.urls[sb.hostCluster], kind, pair: sb.credentials });
  return { connection: createConnection(new SettingsFile(d.dir), new ConnectionService(projects)), project };
}
