import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';

// Where operating systems and file systems differ in what a durable write may ask of them. Each
// function takes the platform (default: this one) so the tests can run every branch on Linux.

export type Platform = NodeJS.Platform;

/** The calls `syncDirectory` makes, handed in so a test can watch them; node:fs by default. */
export interface DirectorySyncCalls {
  open(dir: string): number;
  fsync(fd: number): void;
  close(fd: number): void;
}

const nodeDirectoryCalls: DirectorySyncCalls = {
  open: (dir) => openSync(dir, 'r'),
  fsync: (fd) => fsyncSync(fd),
  close: (fd) => closeSync(fd),
};

/**
 * Makes a rename or a new file in `dir` survive a power cut. Linux and macOS sync the folder itself
 * (on macOS Node's fsync is F_FULLFSYNC, which flushes the drive's cache too). Windows refuses to
 * flush a folder (EPERM, nodejs/node#3879) and needs no such step: NTFS journals the rename with
 * the file's metadata, and SQLite skips the folder sync there for the same reason.
 */
export function syncDirectory(dir: string, platform: Platform = process.platform, calls = nodeDirectoryCalls): void {
  if (platform === 'win32') return;
  const fd = calls.open(dir);
  try {
    calls.fsync(fd);
  } finally {
    calls.close(fd);
  }
}

export type LinkFunction = (existing: string, created: string) => void;

/**
 * Codes with which a file system says it has no hard links: EPERM (exFAT and FAT on Linux, and
 * Windows' access denied), ENOTSUP/EOPNOTSUPP (SMB and other network shares, macOS exFAT), ENOSYS,
 * EXDEV, and EISDIR, which is how libuv reports Windows' ERROR_INVALID_FUNCTION from FAT and exFAT.
 */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EISDIR']);

/**
 * Gives `file` the content of the finished file `temp`, unless `file` exists (then false). A hard
 * link does it in one step, so nobody sees `file` half written. Where the file system has no hard
 * links, an exclusive create (`wx`) followed by the write does it instead: still only one creator
 * wins, but for a moment `file` exists empty, which readers must allow for (see lock.ts).
 */
export function createOnce(temp: string, file: string, content: string, link: LinkFunction = linkSync): boolean {
  try {
    link(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  }
  return createExclusive(file, content);
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    closeSync(fd);
    unlinkSync(file);
    throw error;
  }
  closeSync(fd);
  return true;
}

export type RenameFunction = (from: string, to: string) => void;

/** How long a rename on Windows is tried again; each pause grows by 10 ms up to 100 ms. */
export const WINDOWS_RENAME_RETRY_MS = 5_000;

/**
 * Renames `from` to `to`, replacing `to`. On Windows a rename fails with EPERM, EACCES or EBUSY
 * while another program (a virus scanner, the search indexer, a backup) has either file open for
 * a moment; it is tried again for up to `retryMs`, as graceful-fs and VS Code do. A save that
 * waits a few seconds once beats a save that fails. Other platforms and other errors fail at once.
 */
export function renameReplacing(
  from: string,
  to: string,
  platform: Platform = process.platform,
  rename: RenameFunction = renameSync,
  retryMs = WINDOWS_RENAME_RETRY_MS,
): void {
  const deadline = Date.now() + retryMs;
  for (let attempt = 1; ; attempt++) {
    try {
      rename(from, to);
      return;
    } catch (error) {
      if (platform !== 'win32' || !isBriefWindowsLock(error) || Date.now() >= deadline) throw error;
      pauseSync(Math.min(100, attempt * 10, Math.max(0, deadline - Date.now())));
    }
  }
}

function isBriefWindowsLock(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPERM' || code === 'EACCES' || code === 'EBUSY';
}

/** Blocks this thread for `ms`: the store's writes are synchronous, so their waits are too. */
export function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
