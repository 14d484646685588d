import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/api';
import { createServices, type Services } from '../../../electron/host/services';
import { queueImport } from '../../../electron/operations/imports';
import { Outbox } from '../../../electron/outbox/outbox';
import { SyncEngine } from '../../../electron/sync/engine';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';
import { projectAccount } from '../../../electron/secrets/secret-store';
import type { RunningSandbox } from '../../../electron/local-service/types';
import { codes, desk, sandbox, batchOf, tempDir } from '../sync/helpers';
import { addSandboxProject } from './add-project';

const CODES = 30;

let services: Services | undefined;
afterEach(async () => {
  await services?.lifecycle.shutdown({ stopMs: 10_000, flushMs: 10_000 });
  services = undefined;
});

/**
 * Leaves an import request in `sending` the way a crash does: the sandbox carries the write out and
 * drops the answer, and the engine is stopped before it can reconcile.
 */
async function interruptedImport(dir: string, sb: RunningSandbox): Promise<number> {
  const d = await desk(dir);
  const batch = await batchOf(d, 'interrupted', codes('RECOVER', CODES));
  const op = await queueImport({ library: d.library, outbox: d.outbox }, String(batch), { format: 'json', limits: { maxCodes: 10 } });
  const client = createClient({ target: { sandbox: sb.urls.api }, auth: { type: 'keys', appId: sb.credentials.appId, appToken: sb.credentials.appToken } });
  sb.setFaults({ dropNextWrites: 1 });
  const engine: SyncEngine = new SyncEngine({
    outbox: d.outbox,
    client,
    onEvent: (event) => {
      if (event.type === 'request' && event.step === 'send' && event.outcome.startsWith('uncertain')) void engine.stop();
    },
  });
  expect((await engine.run()).state).toBe('stopped');
  expect(d.outbox.requests(op.id, ['sending'])).toHaveLength(1);
  expect(d.outbox.requests(op.id, ['pending'])).toHaveLength(2);
  await d.outbox.close();
  await d.library.close();
  return op.id;
}

async function startWithKeys(dir: string, sb: RunningSandbox, withKeys: boolean): Promise<Services> {
  const store = new MemorySecretStore();
  const started = createServices({
    dataDir: dir,
    appInfo: { name: 'Voucher Desk', version: 'test' },
    send: () => undefined,
    secrets: { store, label: 'memory' },
  });
  services = started;
  // The first project added takes the operations queued before any existed; a project always comes
  // with its key pair, so "no keys" is its key gone from the keychain afterwards.
  const project = await addSandboxProject(started.handlers, sb);
  if (!withKeys) await store.delete(projectAccount(project.id));
  return started;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('recovery of an interrupted sync at start', () => {
  it('reconciles the request whose answer was lost and finishes the sync, every code once', async () => {
    const sb = await sandbox({ jobPortionSize: 10 });
    const seeded = sb.stats().vouchers;
    const dir = tempDir();
    const opId = await interruptedImport(dir, sb);
    const app = await startWithKeys(dir, sb, true);

    const outcomes = await app.lifecycle.recover();
    expect(outcomes).toContainEqual({ name: 'interrupted sync', outcome: 'done' });
    const status = app.handlers['sync.status'];
    if (!status) throw new Error('sync.status is missing');
    const final = await until(
      () => Promise.resolve(status({})),
      (s) => (s as { engine: { state: string } }).engine.state === 'finished',
    );
    expect(final).toMatchObject({ engine: { state: 'finished' } });
    await app.lifecycle.shutdown({ stopMs: 10_000, flushMs: 10_000 });
    services = undefined;

    const outbox = await Outbox.open(dir);
    try {
      expect(outbox.operation(opId).state).toBe('done');
      expect(outbox.failures(opId)).toEqual([]);
      const requests = outbox.requests(opId);
      expect(requests.every((c) => c.state === 'done')).toBe(true);
      expect(requests.reduce((n, c) => n + Number(c.result?.done_count ?? 0), 0)).toBe(CODES);
    } finally {
      await outbox.close();
    }
    expect(sb.stats().vouchers).toBe(seeded + CODES);
  }, 60_000);

  it('without stored keys leaves the interrupted request untouched for the next Sync', async () => {
    const sb = await sandbox();
    const dir = tempDir();
    const opId = await interruptedImport(dir, sb);
    const app = await startWithKeys(dir, sb, false);
    expect(await app.lifecycle.recover()).toContainEqual({ name: 'interrupted sync', outcome: 'done' });
    const status = app.handlers['sync.status'];
    expect(await status?.({})).toMatchObject({ engine: { state: 'idle' } });
    await app.lifecycle.shutdown({ stopMs: 10_000, flushMs: 10_000 });
    services = undefined;
    const outbox = await Outbox.open(dir);
    try {
      expect(outbox.requests(opId, ['sending'])).toHaveLength(1);
    } finally {
      await outbox.close();
    }
  }, 60_000);
});
