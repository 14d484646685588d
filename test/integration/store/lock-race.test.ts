import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { useTempDirs } from './temp-dir';

const tempDir = useTempDirs();
const RACERS = 3;
const TRIALS = 50;

interface Racer {
  child: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

type Links = 'links' | 'no-links';

function startRacer(links: Links): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lock-child.ts'), links]);
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const take = waiting.shift();
    if (take) take(line);
    else lines.push(line);
  });
  return {
    child,
    next: () => {
      const line = lines.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

const racers: Racer[] = [];
afterAll(() => {
  for (const racer of racers) racer.child.kill();
});

/** Runs TRIALS races of fresh racers from `start`; answers how many held the lock in each. */
async function race(links: Links, start: (lockFile: string) => void): Promise<number[]> {
  const mine = Array.from({ length: RACERS }, () => startRacer(links));
  racers.push(...mine);
  expect(await Promise.all(mine.map((racer) => racer.next()))).toEqual(mine.map(() => 'ready'));
  const file = join(tempDir(), 'race.sqlite');
  const outcomes: string[][] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    start(`${file}.lock`);
    // All racers start at the same moment, a little ahead so each has read its line by then.
    const at = Date.now() + 30;
    for (const racer of mine) racer.child.stdin.write(`go ${file} ${at}\n`);
    outcomes.push((await Promise.all(mine.map((racer) => racer.next()))).sort());
  }
  expect(outcomes.flat().filter((line) => line !== 'held' && line !== 'locked')).toEqual([]);
  return outcomes.map((o) => o.filter((line) => line === 'held').length);
}

// A pid above the kernel's limit is never alive: the lock's owner is gone.
const leaveDeadLock = (lockFile: string): void => writeFileSync(lockFile, '2147483646:deadbeefdeadbeef');
const leaveNoLock = (lockFile: string): void => rmSync(lockFile, { force: true });
const once = Array.from({ length: TRIALS }, () => 1);

describe('lock takeover', () => {
  it(`gives a lock left by a dead process to exactly one of ${RACERS} racing processes, ${TRIALS} times in a row`, { timeout: 120_000 }, async () => {
    expect(await race('links', leaveDeadLock)).toEqual(once);
  });

  // exFAT and some network shares have no hard links: the lock is then made by an exclusive create,
  // and is empty for a moment, which no racer may take for a dead lock.
  describe('without hard links', () => {
    it(`gives a free lock to exactly one of ${RACERS} racing processes, ${TRIALS} times in a row`, { timeout: 120_000 }, async () => {
      expect(await race('no-links', leaveNoLock)).toEqual(once);
    });

    it(`gives a lock left by a dead process to exactly one of ${RACERS} racing processes, ${TRIALS} times in a row`, { timeout: 120_000 }, async () => {
      expect(await race('no-links', leaveDeadLock)).toEqual(once);
    });
  });
});
