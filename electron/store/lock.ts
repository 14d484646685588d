import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StoreLockedError } from './errors';
import { type LinkFunction, createOnce, pauseSync } from './platform-fs';

// One writer per database file: the app and the command line may both be pointed at the same data
// folder. The lock file holds the owner's token (`pid:random`). It is created whole, by linking a
// finished temp file to its name (link fails when the name exists), so nobody ever reads a half
// written lock. A lock whose owner died (a crash, a SIGKILL) is taken over; the removal of the dead
// lock is guarded by a second lock (`.takeover`), whose holder checks that the lock still holds
// the dead owner's token before removing it. Without that guard, two processes that both saw the
// dead lock could each remove it, the second one removing the first one's new, live lock.
// On file systems without hard links (exFAT, some network shares) a lock is made by an exclusive
// create instead and is empty until its token is written: an empty lock or guard counts as dead
// only once it has stayed empty for EMPTY_GRACE_MS, so one still being written is never removed.

const ATTEMPTS = 400;
const PAUSE_MS = 5;
const EMPTY_GRACE_MS = 500;

/** `link` is for tests, which hand in one that fails the way it does on exFAT. */
export function acquireLock(databaseFile: string, link?: LinkFunction): () => void {
  const lockFile = `${databaseFile}.lock`;
  const token = `${process.pid}:${randomHex()}${randomHex()}`;
  const empty = new EmptySince();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createWhole(lockFile, token, link)) {
      return () => {
        if (readToken(lockFile) === token) unlinkQuietly(lockFile);
      };
    }
    const owner = readToken(lockFile);
    if (owner === undefined) continue;
    if (empty.stillBeingWritten(lockFile, owner)) {
      pause();
      continue;
    }
    const pid = pidOf(owner);
    if (pid !== undefined && isAlive(pid)) throw new StoreLockedError(databaseFile, pid);
    if (!removeDeadLock({ file: lockFile, deadToken: owner, token, depth: 0, empty, link })) pause();
  }
  throw new Error(`Could not take the lock file ${lockFile}: it kept changing hands`);
}

interface Takeover {
  file: string;
  deadToken: string;
  token: string;
  depth: number;
  empty: EmptySince;
  link: LinkFunction | undefined;
}

/** Removes `file` if it still holds `deadToken`; false when another process is doing it. */
function removeDeadLock({ file, deadToken, token, depth, empty, link }: Takeover): boolean {
  const guard = `${file}.takeover`;
  if (!createWhole(guard, token, link)) {
    const holder = readToken(guard);
    if (holder === undefined || empty.stillBeingWritten(guard, holder)) return false;
    const pid = pidOf(holder);
    // A guard left by a process that died during a takeover is itself taken over, the same way.
    if ((pid === undefined || !isAlive(pid)) && depth < 3) {
      removeDeadLock({ file: guard, deadToken: holder, token, depth: depth + 1, empty, link });
    }
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
 * Creates `file` holding `token`, complete before it has its name where hard links exist (see
 * `createOnce`); false if the name exists. Not fsynced: a lock only excludes live processes, which
 * all see the written token at once. After a power cut its owner is dead anyway, and a lock file
 * left empty by it counts as dead (see `pidOf` and `EmptySince`).
 */
function createWhole(file: string, token: string, link?: LinkFunction): boolean {
  const temp = `${file}.${token.replace(':', '-')}`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  try {
    return createOnce(temp, file, token, link);
  } finally {
    unlinkQuietly(temp);
  }
}

/** When this process first saw each lock file empty, to tell one being written from one left so. */
class EmptySince {
  private readonly seen = new Map<string, number>();

  stillBeingWritten(file: string, token: string): boolean {
    if (token !== '') {
      this.seen.delete(file);
      return false;
    }
    const first = this.seen.get(file) ?? Date.now();
    this.seen.set(file, first);
    return Date.now() - first < EMPTY_GRACE_MS;
  }
}

/** The token in `file`; '' for an empty file (being written by an exclusive create, or left by a crash); undefined when missing. */
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
  pauseSync(PAUSE_MS);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
