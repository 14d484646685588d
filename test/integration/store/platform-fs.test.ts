import { closeSync, fsyncSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreLockedError } from '../../../electron/store/errors';
import { acquireLock } from '../../../electron/store/lock';
import { type DirectorySyncCalls, type Platform, createOnce, renameReplacing, syncDirectory } from '../../../electron/store/platform-fs';
import { useTempDirs } from './temp-dir';

const tempDir = useTempDirs();

/** The real node:fs calls, each one written down as it is made. */
function watchedCalls(): { calls: DirectorySyncCalls; made: string[] } {
  const made: string[] = [];
  return {
    made,
    calls: {
      open: (dir) => (made.push(`open ${dir}`), openSync(dir, 'r')),
      fsync: (fd) => (made.push('fsync'), fsyncSync(fd)),
      close: (fd) => (made.push('close'), closeSync(fd)),
    },
  };
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

describe('syncDirectory', () => {
  it('on Windows opens no folder at all (Windows refuses to flush one, nodejs/node#3879)', () => {
    const dir = tempDir();
    const { calls, made } = watchedCalls();
    syncDirectory(dir, 'win32', calls);
    expect(made).toEqual([]);
    // Not even a folder that is not there: nothing is opened to find out.
    expect(() => syncDirectory(join(dir, 'missing'), 'win32')).not.toThrow();
  });

  it.each<Platform>(['linux', 'darwin'])('on %s opens the folder, fsyncs it and closes it', (platform) => {
    const dir = tempDir();
    const { calls, made } = watchedCalls();
    syncDirectory(dir, platform, calls);
    expect(made).toEqual([`open ${dir}`, 'fsync', 'close']);
    expect(() => syncDirectory(join(dir, 'missing'), platform)).toThrow(/ENOENT/);
  });
});

describe('createOnce', () => {
  it('links a finished file to its name, once', () => {
    const dir = tempDir();
    const temp = join(dir, 'a.tmp');
    writeFileSync(temp, 'token-1');
    expect(createOnce(temp, join(dir, 'a'), 'token-1')).toBe(true);
    expect(createOnce(temp, join(dir, 'a'), 'token-1')).toBe(false);
    expect(readFileSync(join(dir, 'a'), 'utf8')).toBe('token-1');
  });

  // No exFAT, FAT or SMB mount on CI's Linux, so a link function fails with the codes those give
  // (EPERM on Linux exFAT, ENOTSUP on shares, EISDIR for Windows' ERROR_INVALID_FUNCTION).
  it.each(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EISDIR'])(
    'falls back to an exclusive create when link fails with %s, and that create still happens once',
    (code) => {
      const dir = tempDir();
      const temp = join(dir, 'a.tmp');
      writeFileSync(temp, 'token-1');
      const noLinks = (): void => {
        throw errno(code);
      };
      expect(createOnce(temp, join(dir, 'a'), 'token-1', noLinks)).toBe(true);
      expect(createOnce(temp, join(dir, 'a'), 'token-2', noLinks)).toBe(false);
      expect(readFileSync(join(dir, 'a'), 'utf8')).toBe('token-1');
    },
  );

  it('passes on other errors of link instead of hiding them behind the fallback', () => {
    const dir = tempDir();
    const failing = (): void => {
      throw errno('EIO');
    };
    expect(() => createOnce(join(dir, 'a.tmp'), join(dir, 'a'), 'token', failing)).toThrow(/EIO/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('acquireLock without hard links', () => {
  const noLinks = (): void => {
    throw errno('EPERM');
  };

  it('takes the lock by exclusive create, refuses a second holder, and frees it on release', () => {
    const file = join(tempDir(), 'x.sqlite');
    const release = acquireLock(file, noLinks);
    expect(readFileSync(`${file}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid}:[0-9a-f]{16}$`));
    expect(() => acquireLock(file, noLinks)).toThrow(StoreLockedError);
    // A holder that has links (another machine on the same share) is refused the same way.
    expect(() => acquireLock(file)).toThrow(StoreLockedError);
    release();
    acquireLock(file, noLinks)();
  });

  it('takes over a lock left by a dead process', () => {
    const file = join(tempDir(), 'x.sqlite');
    writeFileSync(`${file}.lock`, '2147483646:deadbeefdeadbeef');
    acquireLock(file, noLinks)();
    expect(readdirSync(join(file, '..'))).toEqual([]);
  });

  it('waits for an empty lock to be written, and takes it over only once it stayed empty', () => {
    const file = join(tempDir(), 'x.sqlite');
    writeFileSync(`${file}.lock`, '');
    const started = Date.now();
    acquireLock(file, noLinks)();
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});

describe('renameReplacing', () => {
  /** A rename that fails with `code` the first `failures` times, then renames for real. */
  function flaky(code: string, failures: number): { rename: (from: string, to: string) => void; tries: () => number } {
    let tries = 0;
    return {
      tries: () => tries,
      rename: (from, to) => {
        tries += 1;
        if (tries <= failures) throw errno(code);
        renameSync(from, to);
      },
    };
  }

  function twoFiles(): { from: string; to: string } {
    const dir = tempDir();
    writeFileSync(join(dir, 'new'), 'new');
    writeFileSync(join(dir, 'old'), 'old');
    return { from: join(dir, 'new'), to: join(dir, 'old') };
  }

  it.each(['EPERM', 'EACCES', 'EBUSY'])('on Windows tries again while another program holds a file (%s)', (code) => {
    const { from, to } = twoFiles();
    const rename = flaky(code, 3);
    renameReplacing(from, to, 'win32', rename.rename);
    expect(rename.tries()).toBe(4);
    expect(readFileSync(to, 'utf8')).toBe('new');
  });

  it('on Windows gives up after its deadline with the error of the last try', () => {
    const { from, to } = twoFiles();
    const rename = flaky('EBUSY', Number.MAX_SAFE_INTEGER);
    const started = Date.now();
    expect(() => renameReplacing(from, to, 'win32', rename.rename, 200)).toThrow(/EBUSY/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(rename.tries()).toBeGreaterThan(2);
    expect(readFileSync(to, 'utf8')).toBe('old');
  });

  it('on Windows fails at once on an error that is not a brief lock', () => {
    const { from, to } = twoFiles();
    const rename = flaky('ENOENT', 1);
    expect(() => renameReplacing(from, to, 'win32', rename.rename)).toThrow(/ENOENT/);
    expect(rename.tries()).toBe(1);
  });

  it.each<Platform>(['linux', 'darwin'])('on %s fails at once: a rename there is not blocked by open files', (platform) => {
    const { from, to } = twoFiles();
    const rename = flaky('EPERM', 1);
    expect(() => renameReplacing(from, to, platform, rename.rename)).toThrow(/EPERM/);
    expect(rename.tries()).toBe(1);
  });

  it('replaces the file for real with the default rename', () => {
    const { from, to } = twoFiles();
    renameReplacing(from, to);
    expect(readFileSync(to, 'utf8')).toBe('new');
  });
});
