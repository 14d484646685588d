import type { z } from 'zod';
import type { EventChannel } from '../../shared/ipc/channels';
import { eventContract, type EventPayload } from '../../shared/ipc/events';
import type { SyncGate } from '../update/sync-gate';

export type EmitEvent = <E extends EventChannel>(event: E, payload: EventPayload<E>) => void;

/** Delivers an event to the renderer (webContents.send in the app, server-sent events on the web host). */
export type SendEvent = (event: EventChannel, payload: unknown) => void;

/**
 * Every event passes its schema before it leaves main, so a service bug is caught here, not in
 * the renderer. Sync progress also drives the gate the updater waits on.
 */
export function createEventEmitter(send: SendEvent, syncGate: SyncGate): EmitEvent {
  return (event, payload) => {
    const schema: z.ZodType = eventContract[event];
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
      throw new Error(`Event ${event} does not match the contract: ${fields}`);
    }
    if (event === 'sync.progress') syncGate.setBusy((parsed.data as EventPayload<'sync.progress'>).running);
    send(event, parsed.data);
  };
}
