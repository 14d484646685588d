#!/usr/bin/env node
// Runs the suite (arguments go to vitest). The keychain tests need a Secret Service, so where
// dbus-run-session exists the suite re-runs itself inside a private D-Bus session with a throwaway,
// unlocked gnome-keyring whose files live in a temp folder: the machine's own session and keyrings
// are never touched, even on a desktop where a session bus is already running.
// The tests and benchmarks run `bin/voucher-desk.js`, the sandbox process and the CSV worker from the
// command line's build (dist/cli), so that build is made from the current sources first (about a
// second): what is tested is what ships, never a stale build.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function run(cmd, cmdArgs, env, cleanup = () => {}) {
  const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    cleanup();
    process.exit(signal ? 1 : (code ?? 1));
  });
}

function startKeyring() {
  // An empty password creates and unlocks the default collection of this throwaway keyring.
  const started = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: '\n',
    encoding: 'utf8',
  });
  if (started.status !== 0) {
    console.error(`gnome-keyring-daemon did not start: ${started.stderr || started.error}`);
    process.exit(1);
  }
  for (const line of started.stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) process.env[line.slice(0, eq)] = line.slice(eq + 1);
  }
}

function buildCli() {
  const vite = ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.main.config.ts', '--mode', 'cli', '--logLevel', 'warn'];
  if (spawnSync(process.execPath, vite, { stdio: 'inherit' }).status !== 0) {
    console.error('The command line did not build (npm run build:cli); the tests run that build, so they cannot start.');
    process.exit(1);
  }
}

if (!process.env.VOUCHER_DESK_TEST_SESSION && has('dbus-run-session')) {
  const home = mkdtempSync(join(tmpdir(), 'voucher-desk-keyring-'));
  run(
    'dbus-run-session',
    ['--', process.execPath, ...process.argv.slice(1)],
    {
      ...process.env,
      VOUCHER_DESK_TEST_SESSION: '1',
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: home,
    },
    () => rmSync(home, { recursive: true, force: true }),
  );
} else {
  if (process.env.VOUCHER_DESK_TEST_SESSION) {
    if (!has('gnome-keyring-daemon')) {
      console.error('gnome-keyring-daemon is missing: install gnome-keyring (see .ci/run) for the keychain tests.');
      process.exit(1);
    }
    startKeyring();
  }
  buildCli();
  run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], process.env);
}
