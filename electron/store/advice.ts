import type { FileProblem } from './file-check';
import type { KeptCopy } from './kept';
import type { RestoreOutcome } from './restore';

/** What the user can do about a database's problems, with the commands that do it. */
export function adviceFor(database: string, problems: readonly FileProblem[], kept: readonly KeptCopy[]): string {
  if (problems.length === 0) return 'Nothing to do.';
  if (database === 'cache') {
    return 'The cache holds only what was fetched from the service: it is set aside and started empty, and fills again on the next pull.';
  }
  const newest = kept[0];
  const restore = newest
    ? `"voucher-desk library restore ${database} ${newest.id}" puts back the kept copy saved at ${newest.takenAt} ` +
      `(commit ${newest.lastCommit}); the journal is kept with it where it continues that copy, otherwise only ` +
      `the changes since that save are lost (full saves happen every few seconds while editing and at every close). ` +
      `"voucher-desk library restore" lists every kept copy. `
    : 'There is no kept copy to restore from. ';
  return (
    `Nothing was changed or deleted. "voucher-desk library check" lists every file and its state. ${restore}` +
    `"voucher-desk library start-fresh" sets every file aside in one folder and starts an empty library.`
  );
}

/** What a restore kept and what it could not, one sentence a line: the count of lost changes when it is known. */
export function restoreSummary(database: string, outcome: RestoreOutcome): string[] {
  const { restored, journalCommits, lostCommits, uncounted } = outcome;
  const lines = [`Restored the ${database} database from kept copy ${restored.id} (saved at ${restored.takenAt}, commit ${restored.lastCommit}).`];
  if (journalCommits > 0)
    lines.push(`${changes(journalCommits)} made after that save ${journalCommits === 1 ? 'was' : 'were'} replayed from the journal on top of it.`);
  const last = restored.lastCommit + journalCommits;
  if (lostCommits > 0) {
    const range = lostCommits === 1 ? `commit ${last + 1}` : `commits ${last + 1} to ${last + lostCommits}`;
    lines.push(`Lost: ${changes(lostCommits)} made after that (${range}) could not be kept; the files that held them are in the set-aside folder.`);
  }
  if (uncounted) {
    lines.push(
      'The journal or manifest it replaces was missing or damaged, so changes made after the last readable commit may be lost too; nothing counts them.',
    );
  } else if (lostCommits === 0) {
    lines.push('No saved change was lost.');
  }
  return lines;
}

function changes(n: number): string {
  return n === 1 ? '1 change' : `${n} changes`;
}
