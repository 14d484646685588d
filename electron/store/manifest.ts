import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { replaceFileDurably } from './durable-file';

// A database's manifest: what its files must hold, replaced atomically at every checkpoint (and when
// the journal is sealed at close). It carries its own checksum, so damage to it is seen too.

export interface SnapshotFacts {
  generation: number;
  /** The journal sequence number of the last commit the snapshot holds. */
  lastCommit: number;
  bytes: number;
  sha256: string;
  takenAt: string;
}

export interface Manifest {
  format: 1;
  database: string;
  current: SnapshotFacts;
  /** The snapshot before `current`: still on disk if a crash came between the manifest and the rename. */
  previous: SnapshotFacts | null;
  /** The journal's bytes known to be durable when the manifest was written; later lines may follow. */
  journal: { bytes: number; sha256: string; lastCommit: number };
  /** Kept copies, oldest first; the newest is normally `current` itself. */
  kept: SnapshotFacts[];
  /** How long writing `current` took: full saves are spaced by it on big databases. */
  saveMs?: number;
}

export type ManifestRead = { kind: 'missing' } | { kind: 'ok'; manifest: Manifest } | { kind: 'damaged'; problem: string };

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export const EMPTY_SHA256 = sha256('');

/** The journal as a checkpoint leaves it: empty, everything up to `lastCommit` in the snapshot. */
export function emptyJournal(lastCommit: number): Manifest['journal'] {
  return { bytes: 0, sha256: EMPTY_SHA256, lastCommit };
}

export function readManifest(file: string, database: string): ManifestRead {
  if (!existsSync(file)) return { kind: 'missing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { kind: 'damaged', problem: `it is not readable JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const { sha256: sum, manifest } = (parsed ?? {}) as { sha256?: unknown; manifest?: unknown };
  if (typeof sum !== 'string' || typeof manifest !== 'object' || manifest === null) {
    return { kind: 'damaged', problem: 'it is not a manifest of this app' };
  }
  if (sha256(JSON.stringify(manifest)) !== sum) return { kind: 'damaged', problem: 'its checksum does not match its contents' };
  const found = manifest as Manifest;
  if (found.format !== 1 || found.database !== database) return { kind: 'damaged', problem: `it is not the manifest of the ${database} database` };
  return { kind: 'ok', manifest: found };
}

export function writeManifest(file: string, manifest: Manifest): void {
  const text = JSON.stringify({ sha256: sha256(JSON.stringify(manifest)), manifest });
  replaceFileDurably(file, Buffer.from(`${text}\n`, 'utf8'));
}
