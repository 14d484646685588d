// The one wording of an operation's result, shared by the CLI and the app, so both say the same.

export interface Tally {
  applied: number;
  present: number;
  failed: number;
}

function n(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/** E.g. "27 codes created by this sync, 3 already on the service before this sync, 0 failed". */
export function tallyText(kind: string, tally: Tally): string {
  if (kind === 'reward') return tally.applied > 0 ? 'reward created by this sync' : tally.failed > 0 ? 'reward not created' : 'reward not created yet';
  // A CSV import updates a code that already exists, and its job does not say which codes it updated.
  const verb = kind === 'delete' ? 'deleted' : kind === 'add-to-campaign' ? 'added' : kind === 'import-csv' ? 'created or updated' : 'created';
  const already = kind === 'delete' ? 'already not on the service' : 'already on the service before this sync (not created by it)';
  return `${n(tally.applied, 'code')} ${verb} by this sync, ${tally.present.toLocaleString('en-US')} ${already}, ${tally.failed.toLocaleString('en-US')} failed`;
}
