import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { renameReplacing, syncDirectory } from './platform-fs';

/**
 * Writes a file so that a crash at any point leaves either the old file or the complete new one,
 * never a mix: bytes go to a temp file in the same folder, reach the disk (fsync), then the temp
 * file takes the final name and the folder is synced so the rename itself survives a power cut
 * (platform-fs.ts says how each OS does those two steps).
 */
export class DurableFileWriter {
  private readonly temp: string;
  private readonly fd: number;
  private position = 0;
  private done = false;

  constructor(readonly file: string) {
    this.temp = `${file}.tmp-${process.pid}`;
    this.fd = openSync(this.temp, 'w', 0o600);
  }

  write(bytes: Uint8Array | string): void {
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    writeAll(this.fd, data, this.position);
    this.position += data.length;
  }

  commit(): void {
    try {
      fsyncSync(this.fd);
    } catch (error) {
      this.abort();
      throw error;
    }
    closeSync(this.fd);
    this.done = true;
    renameReplacing(this.temp, this.file);
    syncDirectory(dirname(this.file));
  }

  /** Drops the temp file; the old file, if any, stays as it was. */
  abort(): void {
    if (this.done) return;
    this.done = true;
    closeSync(this.fd);
    unlinkSync(this.temp);
  }
}

export function replaceFileDurably(file: string, bytes: Uint8Array): void {
  prepareFile(file, bytes).commit();
}

/** A file written and fsynced under a temp name, waiting to take its final name. */
export interface PreparedFile {
  commit(): void;
  abort(): void;
}

export function prepareFile(file: string, bytes: Uint8Array): PreparedFile {
  const temp = `${file}.tmp-${process.pid}`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  return {
    commit: () => {
      renameReplacing(temp, file);
      syncDirectory(dirname(file));
    },
    abort: () => unlinkSync(temp),
  };
}

/** Writes every byte, starting at `position` in the file (default: the start). */
export function writeAll(fd: number, bytes: Uint8Array, position = 0): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += writeSync(fd, bytes, offset, bytes.length - offset, position + offset);
  }
}

export function isTempFileOf(file: string, candidate: string): boolean {
  return candidate.startsWith(`${file}.tmp-`);
}
