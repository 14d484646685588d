#!/usr/bin/env node
// `node scripts/commit-msg.mjs <message-file>`: the commit-msg check (`npm run hooks` installs it).
// A message is a subject of at most 72 characters in the imperative, with no full stop at its end, a
// blank line, then a body that says why. Git hands the hook the message before it strips comments, so
// `#` lines and everything below the scissors line of `git commit -v` are not read. Messages git writes
// itself (merges, reverts, fixup!/squash!/amend!) pass as they are. The rules are in docs/contributing.md.
import { readFileSync } from 'node:fs';

const MAX_SUBJECT = 72;
const SCISSORS = '# ------------------------ >8 ------------------------';
const GIT_WRITTEN = [/^Merge /, /^Revert "/, /^(fixup|squash|amend)! /];

// The imperative check is a list, not grammar: the subject's first word (after an optional
// `Area: ` of up to three words) may not be the past, -s or -ing form of a verb commits often start with.
const VERBS = [
  'add',
  'allow',
  'apply',
  'bind',
  'build',
  'bump',
  'change',
  'check',
  'clean',
  'create',
  'delete',
  'disable',
  'document',
  'drop',
  'enable',
  'ensure',
  'extract',
  'fix',
  'handle',
  'implement',
  'improve',
  'introduce',
  'keep',
  'make',
  'merge',
  'move',
  'name',
  'pin',
  'prevent',
  'pull',
  'queue',
  'read',
  'refactor',
  'refuse',
  'reject',
  'remove',
  'rename',
  'replace',
  'restore',
  'return',
  'reuse',
  'revert',
  'run',
  'save',
  'say',
  'seed',
  'send',
  'set',
  'share',
  'show',
  'simplify',
  'skip',
  'sort',
  'split',
  'start',
  'stop',
  'support',
  'sync',
  'test',
  'tidy',
  'update',
  'upgrade',
  'use',
  'wire',
  'write',
];
const IRREGULAR = ['began', 'bound', 'brought', 'built', 'found', 'gave', 'held', 'kept', 'made', 'ran', 'said', 'sent', 'took', 'wrote', 'written'];

function inflections(verb) {
  const last = verb.at(-1);
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const forms = [`${verb}s`, `${verb}es`, `${stem}ed`, `${stem}ing`, `${verb}${last}ed`, `${verb}${last}ing`];
  if (last === 'y') forms.push(`${verb.slice(0, -1)}ies`, `${verb.slice(0, -1)}ied`);
  return forms;
}

const NOT_IMPERATIVE = new Set([...VERBS.flatMap(inflections), ...IRREGULAR]);

/** The lines git will keep: no comment lines, nothing below the scissors, no trailing blank lines. */
function messageLines(text) {
  const all = text.split(/\r?\n/);
  const cut = all.indexOf(SCISSORS);
  const lines = (cut === -1 ? all : all.slice(0, cut)).filter((line) => !line.startsWith('#')).map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines;
}

/** The subject's first word after an optional `Area: ` prefix (up to three words before the colon). */
function firstWord(subject) {
  const rest = subject.replace(/^[^\s:]+(?: [^\s:]+){0,2}: /, '');
  return (rest.match(/^[A-Za-z']+/)?.[0] ?? '').toLowerCase();
}

/** Every rule the message breaks, each saying what is allowed; empty when it passes. */
function commitMessageProblems(text) {
  const lines = messageLines(text);
  if (lines.length === 0) return ['the message is empty: write a subject line, a blank line and a body that says why'];
  const [subject, second] = lines;
  if (GIT_WRITTEN.some((pattern) => pattern.test(subject))) return [];
  const problems = [];
  if (subject.length > MAX_SUBJECT) problems.push(`the subject has ${subject.length} characters: keep it to at most ${MAX_SUBJECT}`);
  if (subject.endsWith('.')) problems.push('the subject ends with a full stop: leave it out');
  const word = firstWord(subject);
  if (NOT_IMPERATIVE.has(word)) problems.push(`the subject starts with "${word}": write it in the imperative ("Fix the pager", not "Fixed" or "Fixes")`);
  if (second !== undefined && second !== '') problems.push('the second line is not blank: put one blank line between the subject and the body');
  const body = lines.slice(second === '' ? 2 : 1);
  if (!body.some((line) => line.trim() !== '')) problems.push('there is no body: after a blank line, say why the change is made');
  return problems;
}

function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/commit-msg.mjs <message-file> (git passes it to the commit-msg hook)');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  if (problems.length === 0) return;
  console.error('commit-msg: this commit message does not follow the rules in docs/contributing.md#commit-messages:');
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(`The message is kept in ${file}; \`git commit -e -F ${file}\` starts from it.`);
  process.exit(1);
}

main();
