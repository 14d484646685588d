import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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

function startRacer(): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lock-child.ts')]);
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

describe('lock takeover', () => {
  it(`gives a lock left by a dead process to exactly one of ${RACERS} racing processes, ${TRIALS} times in a row`, { timeout: 120_000 }, async () => {
    racers.push(...Array.from({ length: RACERS }, startRacer));
    expect(await Promise.all(racers.map((racer) => racer.next()))).toEqual(racers.map(() => 'ready'));
    const file = join(tempDir(), 'race.sqlite');
    const outcomes: string[][] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      // A pid above the kernel's limit is never alive: the lock's owner is gone.
      writeFileSync(`${file}.lock`, '2147483646:deadbeefdeadbeef');
      // All racers start at the same moment, a little ahead so each has read its line by then.
      const at = Date.now() + 30;
      for (const racer of racers) racer.child.stdin.write(`go ${file} ${at}\n`);
      outcomes.push((await Promise.all(racers.map((racer) => racer.next()))).sort());
    }
    const held = outcomes.map((o) => o.filter((line) => line === 'held').length);
    expect(outcomes.flat().filter((line) => line !== 'held' && line !== 'locked')).toEqual([]);
    expect(held).toEqual(Array.from({ length: TRIALS }, () => 1));
  });
});
