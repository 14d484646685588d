import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibraryServices } from '../../../electron/desk/library';
import { createServices, type Services } from '../../../electron/host/services';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';

const dirs: string[] = [];
const running: Services[] = [];

function services(dataDir: string): Services {
  const created = createServices({
    dataDir,
    appInfo: { name: 'Voucher Desk', version: '0' },
    send: () => undefined,
    secrets: { store: new MemorySecretStore(), label: 'memory' },
  });
  running.push(created);
  return created;
}

function handler<K extends 'libraryHealth.get' | 'libraryHealth.restore' | 'libraryHealth.startFresh'>(s: Services, channel: K) {
  const found = s.handlers[channel];
  if (!found) throw new Error(`${channel} is not registered`);
  return found;
}

afterEach(async () => {
  for (const s of running.splice(0)) await s.lifecycle.shutdown({ stopMs: 1_000, flushMs: 5_000 });
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-health-'));
  dirs.push(dir);
  return dir;
}

describe('the libraryHealth handlers', () => {
  it('answer ok for a library that opens, and refuse to repair it, touching no file', async () => {
    const dir = tempDir();
    const s = services(dir);
    await s.handlers['batches.create']?.({ name: 'Fine' });
    expect(await handler(s, 'libraryHealth.get')({})).toEqual({ state: 'ok' });
    const before = readdirSync(dir).sort();
    await expect(handler(s, 'libraryHealth.startFresh')({ confirm: true })).rejects.toThrow('The library is open and working: there is nothing to repair.');
    await expect(handler(s, 'libraryHealth.restore')({ database: 'library', copyId: '1' })).rejects.toThrow('nothing to repair');
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('report a folder held by another opener as needing attention, without offering to start fresh, and open once it is free', async () => {
    const dir = tempDir();
    const holder = await openLibraryServices(dir);
    const s = services(dir);
    const held = await handler(s, 'libraryHealth.get')({});
    expect(held).toMatchObject({ state: 'attention', canStartFresh: false, message: expect.stringContaining('is open in another Voucher Desk process') });
    await holder.close();
    expect(await handler(s, 'libraryHealth.get')({})).toEqual({ state: 'ok' });
  });

  it('name a damaged outbox file, list its kept copies, and open again once one is restored', async () => {
    const dir = tempDir();
    const first = services(dir);
    await first.handlers['batches.create']?.({ name: 'Kept' });
    await first.lifecycle.shutdown({ stopMs: 1_000, flushMs: 5_000 });
    const file = join(dir, 'outbox.sqlite');
    writeFileSync(file, readFileSync(file).subarray(0, 1024));

    const s = services(dir);
    const health = await handler(s, 'libraryHealth.get')({});
    if (health.state !== 'attention') throw new Error('a cut outbox.sqlite was opened');
    const outbox = health.databases.find((db) => db.database === 'outbox');
    expect(outbox?.ok).toBe(false);
    expect(outbox?.problems.map((p) => p.file)).toContain('outbox.sqlite');
    expect(health.databases.find((db) => db.database === 'library')?.ok).toBe(true);
    const copy = outbox?.keptCopies[0];
    if (!copy) throw new Error('no kept copy of the outbox');

    const done = await handler(s, 'libraryHealth.restore')({ database: 'outbox', copyId: copy.id });
    expect(done.health).toEqual({ state: 'ok' });
    expect(done.summary).toMatch(/^Restored the outbox database from kept copy \d+ .*No saved change was lost\.$/);
    expect(done.setAside.some((f) => f.startsWith('set-aside/') && f.endsWith('outbox.sqlite'))).toBe(true);
    expect(readFileSync(join(dir, done.setAside.find((f) => f.endsWith('outbox.sqlite')) ?? '')).length).toBe(1024);
    expect((await s.handlers['batches.list']?.({ trash: false }))?.map((b) => b.name)).toEqual(['Kept']);
  });
});
