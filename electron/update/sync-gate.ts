/**
 * Whether a sync is running, fed by the sync engine's progress events. The updater reads it before
 * installing and waits for `onIdle` when it must defer.
 */
export interface SyncGate {
  isBusy(): boolean;
  setBusy(busy: boolean): void;
  onIdle(listener: () => void): () => void;
}

export function createSyncGate(): SyncGate {
  let busy = false;
  const listeners = new Set<() => void>();
  return {
    isBusy: () => busy,
    setBusy(next) {
      const becameIdle = busy && !next;
      busy = next;
      if (becameIdle) for (const listener of [...listeners]) listener();
    },
    onIdle(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
