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
    const emit = createEventEmitter(
      (event, payload) => sent.push([event, payload]),
      gate,
      (line) => expect.fail(line),
    );
    emit('sync.progress', { running: true, operationsDone: 0, operationsTotal: 3 });
    expect(gate.isBusy()).toBe(true);
    emit('sync.progress', { running: false, operationsDone: 3, operationsTotal: 3 });
    expect(gate.isBusy()).toBe(false);
    emit('update.status', { phase: 'checking' });
    expect(sent.map(([event]) => event)).toEqual(['sync.progress', 'sync.progress', 'update.status']);
  });

  it('drops and logs a payload outside the contract, naming the field but not its value, and the work goes on', () => {
    const sent: unknown[] = [];
    const logged: string[] = [];
    const emit = createEventEmitter(
      (_event, payload) => sent.push(payload),
      createSyncGate(),
      (line) => logged.push(line),
    );
    // A loop that reports its progress from inside itself, as a sync or an import does.
    let done = 0;
    for (const operationsDone of [0, -1, 2]) {
      emit('sync.progress', { running: true, operationsDone, operationsTotal: 3, message: 'token=s3cr3t' });
      done += 1;
    }
    expect(done).toBe(3);
    expect(sent.map((p) => (p as { operationsDone: number }).operationsDone)).toEqual([0, 2]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^event sync\.progress dropped: it does not match the contract \(operationsDone: .*>=0\)$/);
    expect(logged[0]).not.toContain('s3cr3t');
  });

  it('keeps the updater waiting on a sync whose progress event is malformed but says it is running', () => {
    const gate = createSyncGate();
    const emit = createEventEmitter(
      () => undefined,
      gate,
      () => undefined,
    );
    emit('sync.progress', { running: true, operationsDone: 1.5, operationsTotal: 3 });
    expect(gate.isBusy()).toBe(true);
    emit('sync.progress', { running: false, operationsDone: 3, operationsTotal: -3 });
    expect(gate.isBusy()).toBe(false);
  });

  it('drops fields the contract does not name', () => {
    const sent: unknown[] = [];
    const emit = createEventEmitter(
      (_event, payload) => sent.push(payload),
      createSyncGate(),
      (line) => expect.fail(line),
    );
    const withExtra = { phase: 'available', version: '2.0.0', token: 'secret' } as const;
    emit('update.status', withExtra);
    expect(sent).toEqual([{ phase: 'available', version: '2.0.0' }]);
  });
});
