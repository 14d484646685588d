import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, runJson } from '../cli/run-bin';
import { useTempDirs } from '../store/temp-dir';

// The way out of a refused library through the real binary: every command refuses and names the
// file, `library check` reports it (exit 1), `library restore` lists and puts back a kept copy,
// `library start-fresh` sets everything aside.

const tempDir = useTempDirs();

interface Health {
  ok: boolean;
  databases: { database: string; ok: boolean; problems: { file: string; problem: string }[]; keptCopies: { id: string }[] }[];
}

describe('voucher-desk library', () => {
  it('refuses a deleted library.sqlite at every start, and check, restore and start-fresh get out of it', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'Precious', ...at]);
    expect(runBin(['library', 'check', ...at]).status).toBe(0);
    const file = join(dir, 'library.sqlite');
    rmSync(file);

    for (let start = 0; start < 2; start++) {
      const list = runBin(['batch', 'list', ...at]);
      expect(list.status).toBe(1);
      expect(list.stdout).toBe('');
      expect(list.stderr).toContain(`${file}: The database file is missing`);
      expect(list.stderr).toMatch(/voucher-desk library restore library \d+/);
    }

    const check = runBin(['library', 'check', '--json', ...at]);
    expect(check.status).toBe(1);
    const health = JSON.parse(check.stdout) as Health;
    const library = health.databases.find((d) => d.database === 'library');
    expect(library?.problems.map((p) => p.file)).toEqual([file]);
    expect(health.databases.filter((d) => d.database !== 'library').every((d) => d.ok)).toBe(true);
    const text = runBin(['library', 'check', ...at]);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/library: NEEDS ATTENTION/);
    expect(text.stderr).toContain('1 part of the data folder needs attention');

    const copies = runBin(['library', 'restore', ...at]);
    expect(copies.status).toBe(0);
    expect(copies.stdout).toMatch(/^DATABASE\s+COPY\s+SAVED AT/);
    const newest = library?.keptCopies[0]?.id ?? '';
    const restored = runBin(['library', 'restore', 'library', newest, ...at]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored the library database from kept copy ${newest}`);
    expect(runJson<{ name: string }[]>(['batch', 'list', ...at]).map((b) => b.name)).toEqual(['Precious']);
    expect(runBin(['library', 'check', ...at]).status).toBe(0);

    expect(runBin(['library', 'restore', 'nope', '1', ...at]).status).toBe(2);
    expect(runBin(['library', 'start-fresh', ...at]).status).toBe(2);
    const fresh = runBin(['library', 'start-fresh', '--yes', ...at]);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(/Moved \d+ files and folders to .*set-aside/);
    expect(runJson<unknown[]>(['batch', 'list', ...at])).toEqual([]);
    const asideRoot = join(dir, 'set-aside');
    const folders = readdirSync(asideRoot);
    expect(folders.some((name) => name.endsWith('-start-fresh'))).toBe(true);
    const freshFolder = join(asideRoot, folders.find((name) => name.endsWith('-start-fresh')) ?? '');
    expect(readdirSync(freshFolder)).toEqual(
      expect.arrayContaining(['library.sqlite', 'library.manifest.json', 'library.commits', 'library.listing.json', 'kept-copies']),
    );
    // Sixteen runs of the binary: on a busy machine each can take several seconds to start.
  }, 240_000);

  it('refuses a manifest with a flipped bit at every start, and a restore of the newest copy brings every batch back', () => {
    const dir = tempDir();
    const at = ['--data-dir', dir];
    runJson(['batch', 'create', 'First', ...at]);
    runJson(['batch', 'create', 'Second', ...at]);
    const manifest = join(dir, 'library.manifest.json');
    const bytes = readFileSync(manifest);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    writeFileSync(manifest, bytes);
    for (let start = 0; start < 2; start++) {
      const list = runBin(['batch', 'list', ...at]);
      expect(list.status).toBe(1);
      expect(list.stderr).toContain(`${manifest}: The manifest cannot be used`);
    }
    expect(readFileSync(manifest)).toEqual(bytes);
    const copies = runJson<{ database: string; id: string }[]>(['library', 'restore', ...at]);
    const newest = copies.find((c) => c.database === 'library')?.id ?? '';
    const restored = runJson<{ setAside: string[] }>(['library', 'restore', 'library', newest, ...at]);
    expect(restored.setAside.map((f) => readFileSync(f).equals(bytes))).toContain(true);
    expect(
      runJson<{ name: string }[]>(['batch', 'list', ...at])
        .map((b) => b.name)
        .sort(),
    ).toEqual(['First', 'Second']);
  });
});
