import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StoreLockedError } from './errors';

// One writer per database file: the app and the command line may both be pointed at the same data
// folder. The lock file holds the owner's token (`pid:random`). It is created whole, by linking a
// finished temp file to its name (link fails when the name exists), so nobody ever reads a half
// written lock. A lock whose owner died (a crash, a SIGKILL) is taken over; the removal of the dead
// lock is guarded by a second lock (`.takeover`), whose holder checks that the lock still holds
// the dead owner's token before removing it. Without that guard, two processes that both saw the
// dead lock could each remove it, the second one removing the first one's new, live lock.

const ATTEMPTS = 400;
const PAUSE_MS = 5;

export function acquireLock(databaseFile: string): () => void {
  const lockFile = `${databaseFile}.lock`;
  const token = `${process.pid}:${randomHex()}${randomHex()}`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createWhole(lockFile, token)) {
      return () => {
        if (readToken(lockFile) === token) unlinkQuietly(lockFile);
      };
    }
    const owner = readToken(lockFile);
    if (owner === undefined) continue;
    const pid = pidOf(owner);
    if (pid !== undefined && isAlive(pid)) throw new StoreLockedError(databaseFile, pid);
    if (!removeDeadLock(lockFile, owner, token, 0)) pause();
  }
  throw new Error(`Could not take the lock file ${lockFile}: it kept changing hands`);
}

/** Removes `file` if it still holds `deadToken`; false when another process is doing it. */
function removeDeadLock(file: string, deadToken: string, token: string, depth: number): boolean {
  const guard = `${file}.takeover`;
  if (!createWhole(guard, token)) {
    const holder = readToken(guard);
    const pid = holder === undefined ? undefined : pidOf(holder);
    // A guard left by a process that died during a takeover is itself taken over, the same way.
    if (holder !== undefined && (pid === undefined || !isAlive(pid)) && depth < 3) removeDeadLock(guard, holder, token, depth + 1);
    return false;
  }
  try {
    if (readToken(file) === deadToken) unlinkQuietly(file);
  } finally {
    unlinkQuietly(guard);
  }
  return true;
}

/**
 * Creates `file` holding `token`, complete before it has its name; false if the name exists.
 * Not fsynced: a lock only excludes live processes, which all see the written token at once. After a
 * power cut its owner is dead anyway, and a lock file left empty by it counts as dead (see `pidOf`).
 */
function createWhole(file: string, token: string): boolean {
  const temp = `${file}.${token.replace(':', '-')}`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkQuietly(temp);
  }
}

/** The token in `file`; '' for an empty file (left by a crash of an older version); undefined when missing. */
function readToken(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Lock files of older versions hold a bare pid; both forms start with it. */
function pidOf(token: string): number | undefined {
  const pid = Number.parseInt(token, 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Eight hex digits. The token only has to differ between processes that get the same pid in turn, which
 * Math.random (seeded per process) does; node:crypto would cost a listing command a tenth of its start.
 */
function randomHex(): string {
  return Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
}

function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
