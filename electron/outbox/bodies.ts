import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Import request bodies that earlier releases saved as snapshots when a batch was queued (imports
// are now made again from their frozen batch rows, see frozen-rows.ts). They live in files beside
// the outbox database (one folder per operation, named by its uid), each with a manifest of its codes
// and draft rows; they are still read, checked and sent until their operations finish. The body's
// checksum is in the outbox; the manifest carries its own. A folder is removed only once its
// operation is known to be finished.

export const BODIES_FOLDER = 'outbox-bodies';

export interface CodeList {
  codes: string[];
  /** The batch row of each code, same order. */
  rows: number[];
}

/**
 * A request whose saved file, or whose rows in the frozen batch, no longer hold what was queued (or
 * are missing): it is never sent. `file` names where it was read from.
 */
export class BodyChangedError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    operation = operationUidOf(file),
    source = `saved request file ${file}`,
  ) {
    super(
      `The ${source} (operation ${operation}) ${problem}; it is not sent. Cancel the ` +
        'operation and queue the batch again, or put the data folder back from a kept copy ("voucher-desk library restore").',
    );
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

  read(name: string, hash: string): string {
    const file = join(this.root, name);
    const body = readText(file);
    if (sha256(body) !== hash) throw new BodyChangedError(file, 'no longer matches what was queued (its checksum differs)');
    return body;
  }

  manifest(name: string): CodeList {
    const file = join(this.root, name.replace(/\.body$/, '.codes.json'));
    let parsed: { sha256?: unknown; codes?: unknown; rows?: unknown };
    try {
      parsed = JSON.parse(readText(file)) as typeof parsed;
    } catch (error) {
      if (error instanceof BodyChangedError) throw error;
      throw new BodyChangedError(file, `is not readable JSON (${(error as Error).message})`);
    }
    const { codes, rows } = parsed;
    if (!Array.isArray(codes) || !Array.isArray(rows) || codes.length !== rows.length) {
      throw new BodyChangedError(file, 'does not hold a list of codes and their rows');
    }
    const manifest = { codes: codes as string[], rows: rows as number[] };
    // Files written before manifests carried a checksum have none; their JSON shape is all there is to check.
    if (parsed.sha256 !== undefined && parsed.sha256 !== manifestChecksum(manifest)) {
      throw new BodyChangedError(file, 'no longer matches what was queued (its checksum differs)');
    }
    return manifest;
  }

  /** Every problem with the files of requests still to be sent or reconciled (for `library check`). */
  check(requests: readonly { bodyFile: string; bodyHash: string }[]): { file: string; problem: string }[] {
    const problems: { file: string; problem: string }[] = [];
    for (const request of requests) {
      for (const read of [() => this.read(request.bodyFile, request.bodyHash), () => this.manifest(request.bodyFile)]) {
        try {
          read();
        } catch (error) {
          if (!(error instanceof BodyChangedError)) throw error;
          problems.push({ file: error.file, problem: error.message });
        }
      }
    }
    return problems;
  }

  /**
   * Removes the folders of operations known to be finished. A folder no operation refers to is left
   * alone: it may belong to an operation of an outbox that is being restored.
   */
  sweep(finishedUids: ReadonlySet<string>): string[] {
    if (!existsSync(this.root)) return [];
    const removed: string[] = [];
    for (const name of readdirSync(this.root)) {
      if (!finishedUids.has(name)) continue;
      rmSync(join(this.root, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }
}

function manifestChecksum(manifest: CodeList): string {
  return sha256(JSON.stringify({ codes: manifest.codes, rows: manifest.rows }));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BodyChangedError(file, code === 'ENOENT' ? 'is missing' : `cannot be read (${(error as Error).message})`);
  }
}

function operationUidOf(file: string): string {
  return file.split(/[\\/]/).at(-2) ?? '?';
}
