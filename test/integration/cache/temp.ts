import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh folder, removed when the test file is done. */
export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voucher-desk-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
