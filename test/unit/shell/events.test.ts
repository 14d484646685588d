import { describe, expect, it } from 'vitest';
import { createEventEmitter } from '../../../electron/host/events';
import { createSyncGate } from '../../../electron/update/sync-gate';
import { eventChannels } from '../../../shared/ipc/channels';
import { eventContract } from '../../../shared/ipc/events';

describe('events to the renderer', () => {
  it('has a schema for exactly the listed event channels', () => {
    expect(Object.keys(eventContract).sort()).toEqual([...eventChannels].sort());
  });

  it('sends a valid payload, and sync progress drives the gate the updater waits on', () => {
    const sent: [string, unknown][] = [];
    const gate = createSyncGate();
    const emit = createEventEmitter((event, payload) => sent.push([event, payload]), gate);
    emit('sync.progress', { running: true, operationsDone: 0, operationsTotal: 3 });
    expect(gate.isBusy()).toBe(true);
    emit('sync.progress', { running: false, operationsDone: 3, operationsTotal: 3 });
    expect(gate.isBusy()).toBe(false);
    emit('update.status', { phase: 'checking' });
    expect(sent.map(([event]) => event)).toEqual(['sync.progress', 'sync.progress', 'update.status']);
  });

  it('refuses a payload outside the contract, naming the field, and sends nothing', () => {
    const sent: unknown[] = [];
    const emit = createEventEmitter((_event, payload) => sent.push(payload), createSyncGate());
    expect(() => emit('sync.progress', { running: true, operationsDone: -1, operationsTotal: 3 })).toThrow(
      /Event sync\.progress does not match the contract: operationsDone: /,
    );
    expect(sent).toEqual([]);
  });

  it('drops fields the contract does not name', () => {
    const sent: unknown[] = [];
    const emit = createEventEmitter((_event, payload) => sent.push(payload), createSyncGate());
    const withExtra = { phase: 'available', version: '2.0.0', token: 'secret' } as const;
    emit('update.status', withExtra);
    expect(sent).toEqual([{ phase: 'available', version: '2.0.0' }]);
  });
});
