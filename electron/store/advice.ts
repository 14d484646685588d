import type { FileProblem } from './inspect';
import type { KeptCopy } from './kept';

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
