#!/usr/bin/env node
// Runs the whole suite. The keychain tests need a Secret Service, so when none is reachable and
// dbus-run-session exists, the suite re-runs itself inside a private D-Bus session with an
// unlocked gnome-keyring (the machine's own keyring is never touched).
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function run(cmd, cmdArgs, env = process.env) {
  const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}

if (!process.env.VOUCHER_DESK_TEST_SESSION && !process.env.DBUS_SESSION_BUS_ADDRESS && has('dbus-run-session')) {
  run('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    ...process.env,
    VOUCHER_DESK_TEST_SESSION: '1',
  });
} else {
  if (process.env.VOUCHER_DESK_TEST_SESSION && has('gnome-keyring-daemon')) {
    // An empty password creates and unlocks the default collection of this throwaway session.
    const started = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      input: '\n',
      encoding: 'utf8',
    });
    for (const line of started.stdout.split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) process.env[line.slice(0, eq)] = line.slice(eq + 1);
    }
  }
  run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args]);
}
