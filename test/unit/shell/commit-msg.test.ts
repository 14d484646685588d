import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The commit-msg check as git runs it: the script on message files, and the installed hook in a
// throwaway repository (never this one, whose config other worktrees share).
const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/commit-msg.mjs');
const hook = path.join(root, '.githooks/commit-msg');
const work = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
let count = 0;

afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(message: string): { status: number | null; stderr: string } {
  const file = path.join(work, `message-${++count}.txt`);
  writeFileSync(file, message);
  const run = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  // A crash would print the script's source, problem texts included: only its own report counts.
  expect(run.stderr).not.toContain('    at ');
  return { status: run.status, stderr: run.stderr };
}

const body = 'The pager skipped the last page when the count was a multiple of 100,\nso users never saw those rows.\n';

describe('scripts/commit-msg.mjs', () => {
  it('passes a subject in the imperative, a blank line and a body', () => {
    expect(check(`Show the last page when the count fills it\n\n${body}`)).toEqual({ status: 0, stderr: '' });
    expect(check(`Outbox: show the last page when the count fills it\n\n${body}`).status).toBe(0);
  });

  it('refuses a subject over 72 characters, naming its length', () => {
    const subject72 = `Show the last page ${'x'.repeat(72 - 'Show the last page '.length)}`;
    expect(subject72).toHaveLength(72);
    expect(check(`${subject72}\n\n${body}`).status).toBe(0);
    const result = check(`${subject72}y\n\n${body}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the subject has 73 characters: keep it to at most 72');
  });

  it('refuses a second line that is not blank', () => {
    const result = check(`Show the last page when the count fills it\n${body}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the second line is not blank');
    expect(result.stderr).not.toContain('there is no body');
  });

  it('refuses a message with no body, also when the body is only comments', () => {
    for (const message of [
      'Show the last page\n',
      'Show the last page\n\n\n',
      'Show the last page\n\n# Please enter the commit message\n# Lines starting with # are ignored\n',
    ]) {
      const result = check(message);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('there is no body: after a blank line, say why the change is made');
    }
  });

  it('refuses the past tense, the -s and the -ing forms, also after an area prefix', () => {
    for (const [subject, word] of [
      ['Added a pager to the outbox', 'added'],
      ['Fixes the pager', 'fixes'],
      ['Updating the README', 'updating'],
      ['Outbox: fixed the pager', 'fixed'],
      ['Views e2e: made the screenshots sharper', 'made'],
    ]) {
      const result = check(`${subject}\n\n${body}`);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`the subject starts with "${word}": write it in the imperative`);
    }
  });

  it('refuses a full stop at the end of the subject', () => {
    const result = check(`Show the last page.\n\n${body}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the subject ends with a full stop');
  });

  it('names every broken rule at once and says where the message is kept', () => {
    const result = check(`Fixed the pager when the count was exactly a multiple of the page size of 100.\nIt skipped the last page.\n`);
    expect(result.status).toBe(1);
    expect(result.stderr.match(/^ {2}- /gm)).toHaveLength(4);
    expect(result.stderr).toContain(`The message is kept in ${path.join(work, `message-${count}.txt`)}`);
  });

  it('passes the messages git writes itself: merges, reverts, fixup! and squash!', () => {
    expect(check("Merge branch 'projects': several projects per data folder\n").status).toBe(0);
    expect(check("Merge branch 'h6-ui' into a branch whose name makes this subject far longer than seventy-two\n").status).toBe(0);
    expect(check('Revert "Show the last page when the count fills it, with a subject near the limit"\n\nThis reverts commit 1234567.\n').status).toBe(0);
    expect(check('fixup! Show the last page\n').status).toBe(0);
    expect(check('squash! Show the last page\n').status).toBe(0);
  });

  it('reads Windows line endings and ignores what is below the scissors line', () => {
    expect(check(`Show the last page\r\n\r\nThe count filled it.\r\n`).status).toBe(0);
    const verbose = `Show the last page\n\n${body}# ------------------------ >8 ------------------------\nAdded\nno blank line\n`;
    expect(check(verbose).status).toBe(0);
  });

  it('exits 2 with its usage when no file is given', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: node scripts/commit-msg.mjs <message-file>');
  });
});

describe('the commit-msg hook installed by `npm run hooks`', () => {
  it('is executable and refuses a bad message in a real commit, keeping a good one', () => {
    const repo = path.join(work, 'repo');
    mkdirSync(path.join(repo, 'scripts'), { recursive: true });
    mkdirSync(path.join(repo, '.githooks'));
    copyFileSync(script, path.join(repo, 'scripts/commit-msg.mjs'));
    expect(statSync(hook).mode & 0o111).toBe(0o111);
    copyFileSync(hook, path.join(repo, '.githooks/commit-msg'));
    chmodSync(path.join(repo, '.githooks/commit-msg'), statSync(hook).mode);

    // Only this repository's own settings: no GIT_DIR or similar leaking in from a hook that runs the tests.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
    const identity = {
      ...env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    };
    const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, env: identity, encoding: 'utf8' });
    expect(git('init', '-q').status).toBe(0);

    const install = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.hooks ?? '';
    expect(install).toBe('git config core.hooksPath .githooks');
    expect(spawnSync('sh', ['-c', install], { cwd: repo, env: identity }).status).toBe(0);

    const refused = git('commit', '--allow-empty', '-q', '-m', 'Added the pager');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('the subject starts with "added"');
    expect(refused.stderr).toContain('there is no body');
    expect(git('rev-parse', '--verify', '-q', 'HEAD').status).not.toBe(0);

    const kept = git('commit', '--allow-empty', '-q', '-m', 'Add the pager', '-m', 'Users could not reach the last rows.');
    expect(kept.stderr).toBe('');
    expect(kept.status).toBe(0);
    expect(git('log', '--format=%s').stdout).toBe('Add the pager\n');
  });
});
