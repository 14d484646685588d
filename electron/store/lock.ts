import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StoreLockedError } from './errors';

// One writer per database file: the app and the command line may both be pointed at the same data
// folder. The lock file holds the owner's pid; a lock left by a process that died (a crash, a
// SIGKILL) is taken over, since nothing can still be writing through it.
export function acquireLock(databaseFile: string): () => void {
  const lockFile = `${databaseFile}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return () => {
        if (held) unlinkQuietly(lockFile);
        held = false;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner !== undefined && isAlive(owner)) throw new StoreLockedError(databaseFile, owner);
      unlinkQuietly(lockFile);
    }
  }
  throw new Error(`Could not take the lock file ${lockFile}`);
}

function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
