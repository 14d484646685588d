import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// A durable replace: the new bytes go to a temp file in the same folder, reach the disk (fsync),
// then atomically take the old file's name; the folder is synced so the rename itself survives a
// power cut. A crash at any point leaves either the old file or the new one, never a mix.
export function replaceFileDurably(file: string, bytes: Uint8Array): void {
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
  renameSync(temp, file);
  syncDirectory(dirname(file));
}

/** Writes every byte, starting at `position` in the file (default: the start). */
export function writeAll(fd: number, bytes: Uint8Array, position = 0): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += writeSync(fd, bytes, offset, bytes.length - offset, position + offset);
  }
}

export function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function isTempFileOf(file: string, candidate: string): boolean {
  return candidate.startsWith(`${file}.tmp-`);
}
