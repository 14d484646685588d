import type { UpdateStatus } from '../../shared/ipc/update-status';

export type UpdateEvent =
  | { type: 'check' }
  | { type: 'found'; version: string; releaseDate?: string }
  | { type: 'not-found'; at: number }
  /** The user agreed to download. */
  | { type: 'download' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded' }
  /** The user agreed to install; `syncBusy` is read at that moment. */
  | { type: 'install'; syncBusy: boolean }
  | { type: 'sync-idle' }
  | { type: 'failed'; message: string };

/** What the shell must do next; the machine itself does nothing. */
export type UpdateEffect = 'check' | 'download' | 'install';

export interface Transition {
  status: UpdateStatus;
  effects: UpdateEffect[];
  /** Set when the user asked for something the current phase does not allow. */
  refusal?: string;
}

const stay = (status: UpdateStatus): Transition => ({ status, effects: [] });
const refuse = (status: UpdateStatus, refusal: string): Transition => ({ status, effects: [], refusal });

function describe(status: UpdateStatus): string {
  switch (status.phase) {
    case 'disabled':
      return `updates are off (${status.reason})`;
    case 'idle':
      return 'no check has run yet';
    case 'checking':
      return 'a check is running';
    case 'up-to-date':
      return 'the app is up to date';
    case 'error':
      return `the last ${status.during} failed`;
    default:
      return `version ${status.version} is ${status.phase}`;
  }
}

function onCheck(status: UpdateStatus): Transition {
  switch (status.phase) {
    case 'idle':
    case 'up-to-date':
    case 'available':
    case 'error':
      return { status: { phase: 'checking' }, effects: ['check'] };
    case 'disabled':
      return refuse(status, `Cannot check for updates: ${describe(status)}.`);
    default:
      // Already checking, or an update is already on its way: nothing new to do.
      return stay(status);
  }
}

function onDownload(status: UpdateStatus): Transition {
  if (status.phase === 'available') {
    return { status: { phase: 'downloading', version: status.version, percent: 0 }, effects: ['download'] };
  }
  if (['downloading', 'downloaded', 'waiting-for-sync', 'installing'].includes(status.phase)) return stay(status);
  return refuse(status, `No update to download: ${describe(status)}.`);
}

function onInstall(status: UpdateStatus, syncBusy: boolean): Transition {
  if (status.phase === 'downloaded' || status.phase === 'waiting-for-sync') {
    // Installing restarts the app, so it never starts while a sync is running.
    if (syncBusy) return stay({ phase: 'waiting-for-sync', version: status.version });
    return { status: { phase: 'installing', version: status.version }, effects: ['install'] };
  }
  if (status.phase === 'installing') return stay(status);
  return refuse(status, `No downloaded update to install: ${describe(status)}.`);
}

function failedDuring(status: UpdateStatus): 'check' | 'download' | 'install' {
  if (status.phase === 'downloading') return 'download';
  if (status.phase === 'installing' || status.phase === 'waiting-for-sync') return 'install';
  return 'check';
}

/** The updater's decisions: idle -> checking -> available -> downloading -> downloaded -> installing. */
export function nextUpdate(status: UpdateStatus, event: UpdateEvent): Transition {
  switch (event.type) {
    case 'check':
      return onCheck(status);
    case 'download':
      return onDownload(status);
    case 'install':
      return onInstall(status, event.syncBusy);
    case 'found':
      if (status.phase !== 'checking') return stay(status);
      return stay({ phase: 'available', version: event.version, ...(event.releaseDate && { releaseDate: event.releaseDate }) });
    case 'not-found':
      return status.phase === 'checking' ? stay({ phase: 'up-to-date', checkedAt: event.at }) : stay(status);
    case 'progress':
      if (status.phase !== 'downloading') return stay(status);
      return stay({ ...status, percent: Math.min(100, Math.max(0, event.percent)) });
    case 'downloaded':
      return status.phase === 'downloading' ? stay({ phase: 'downloaded', version: status.version }) : stay(status);
    case 'sync-idle':
      return status.phase === 'waiting-for-sync' ? onInstall(status, false) : stay(status);
    case 'failed':
      if (status.phase === 'disabled') return stay(status);
      return stay({ phase: 'error', during: failedDuring(status), message: event.message });
  }
}
