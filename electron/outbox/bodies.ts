import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFileDurably, syncDirectory } from '../store/durable-file';

// Import request bodies are snapshots taken when the batch was queued: what is sent is exactly what
// was reviewed. They live in files beside the outbox database (one folder per operation), each with
// a manifest of its codes and draft rows. The files are written durably before the outbox commit
// that refers to them; a folder no operation refers to (a crash in between) is removed at open.

export const BODIES_FOLDER = 'outbox-bodies';

export interface ChunkManifest {
  codes: string[];
  /** The batch row of each code, same order. */
  rows: number[];
}

export class BodyChangedError extends Error {
  constructor(readonly file: string) {
    super(`The saved request body ${file} no longer matches what was queued (its checksum differs); cancel the operation and queue the batch again`);
    this.name = 'BodyChangedError';
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class BodyFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, BODIES_FOLDER);
  }

  /** Writes one chunk's body and manifest durably; answers the body's name relative to the root. */
  write(uid: string, idx: number, body: string, manifest: ChunkManifest): string {
    const dir = join(this.root, uid);
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      syncDirectory(this.root);
    }
    replaceFileDurably(join(dir, `${idx}.codes.json`), Buffer.from(JSON.stringify(manifest), 'utf8'));
    replaceFileDurably(join(dir, `${idx}.body`), Buffer.from(body, 'utf8'));
    return `${uid}/${idx}.body`;
  }

  read(name: string, hash: string): string {
    const file = join(this.root, name);
    const body = readFileSync(file, 'utf8');
    if (sha256(body) !== hash) throw new BodyChangedError(file);
    return body;
  }

  manifest(name: string): ChunkManifest {
    return JSON.parse(readFileSync(join(this.root, name.replace(/\.body$/, '.codes.json')), 'utf8')) as ChunkManifest;
  }

  /** Removes folders of operations the outbox does not know (queueing cut short by a crash). */
  sweep(knownUids: ReadonlySet<string>): string[] {
    if (!existsSync(this.root)) return [];
    const removed: string[] = [];
    for (const name of readdirSync(this.root)) {
      if (knownUids.has(name)) continue;
      rmSync(join(this.root, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }
}
