// Run as a separate process by the lock race test: on each "go <file> <at>" line it waits until the
// clock reaches <at> (so all racers start together), tries to take the lock, and says how it went.
// A lock it takes is never released: the test then marks it as left by a dead process or removes it.
// With the argument `no-links` its hard links fail as on exFAT, so it locks by exclusive create.
import { createInterface } from 'node:readline';
import { StoreLockedError } from '../../../electron/store/errors';
import { acquireLock } from '../../../electron/store/lock';

const noLinks = (): void => {
  throw Object.assign(new Error('EPERM: operation not permitted, link (simulated exFAT)'), { code: 'EPERM' });
};
const link = process.argv[2] === 'no-links' ? noLinks : undefined;

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, file = '', at = '0'] = line.split(' ');
  if (command !== 'go') continue;
  while (Date.now() < Number(at));
  try {
    acquireLock(file, link);
    process.stdout.write('held\n');
  } catch (error) {
    process.stdout.write(error instanceof StoreLockedError ? 'locked\n' : `error ${String(error)}\n`);
  }
}
