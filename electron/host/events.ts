import type { z } from 'zod';
import type { EventChannel } from '../../shared/ipc/channels';
import { eventContract, type EventPayload } from '../../shared/ipc/events';
import type { SyncGate } from '../update/sync-gate';

export type EmitEvent = <E extends EventChannel>(event: E, payload: EventPayload<E>) => void;

/** Delivers an event to the renderer (webContents.send in the app, server-sent events on the web host). */
export type SendEvent = (event: EventChannel, payload: unknown) => void;

/**
 * Every event passes its schema before it leaves main, so a service bug is caught here, not in
 * the renderer. Events only report on work (a sync, an import) and are emitted from inside it, so
 * one that breaks the contract is logged and dropped: it never aborts the work it reports on.
 * Sync progress also drives the gate the updater waits on, read even from a malformed event, so
 * an update never installs under a running sync.
 */
export function createEventEmitter(send: SendEvent, syncGate: SyncGate, log: (message: string) => void): EmitEvent {
  return (event, payload) => {
    if (event === 'sync.progress') followSync(syncGate, payload);
    const schema: z.ZodType = eventContract[event];
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      // Field paths and the rule broken, never the values: a payload may carry anything.
      const fields = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
      log(`event ${event} dropped: it does not match the contract (${fields})`);
      return;
    }
    send(event, parsed.data);
  };
}

function followSync(syncGate: SyncGate, payload: unknown): void {
  const running = typeof payload === 'object' && payload !== null ? (payload as { running?: unknown }).running : undefined;
  if (typeof running === 'boolean') syncGate.setBusy(running);
}
