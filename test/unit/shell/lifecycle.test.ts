import { describe, expect, it } from 'vitest';
import { createLifecycle } from '../../../electron/host/lifecycle';

const limits = { stopMs: 2_000, flushMs: 2_000 };

describe('lifecycle: quit', () => {
  it('awaits every stop hook, then flushes every store', async () => {
    const lifecycle = createLifecycle();
    const order: string[] = [];
    lifecycle.onQuit('sync', async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      order.push('sync stopped');
    });
    lifecycle.onFlush('library', () => void order.push('library flushed'));
    lifecycle.onFlush('outbox', async () => void order.push('outbox flushed'));
    const report = await lifecycle.shutdown(limits);
    expect(order).toEqual(['sync stopped', 'library flushed', 'outbox flushed']);
    expect(report).toEqual({
      stopped: [{ name: 'sync', outcome: 'done' }],
      flushed: [
        { name: 'library', outcome: 'done' },
        { name: 'outbox', outcome: 'done' },
      ],
    });
  });

  it('gives up on a stop hook at the deadline, aborts its signal, and still flushes', async () => {
    const lifecycle = createLifecycle();
    let seen: AbortSignal | undefined;
    let flushed = false;
    lifecycle.onQuit('stuck sync', (signal) => {
      seen = signal;
      return new Promise<void>(() => undefined);
    });
    lifecycle.onFlush('library', () => void (flushed = true));
    const started = Date.now();
    const report = await lifecycle.shutdown({ stopMs: 50, flushMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report.stopped).toEqual([{ name: 'stuck sync', outcome: 'timed-out', message: 'still running after 50 ms' }]);
    expect(seen?.aborted).toBe(true);
    expect(flushed).toBe(true);
  });

  it('reports a failing hook and carries on with the others', async () => {
    const lifecycle = createLifecycle();
    lifecycle.onQuit('sync', () => {
      throw new Error('socket already closed');
    });
    lifecycle.onFlush('library', () => Promise.reject(new Error('disk full')));
    lifecycle.onFlush('outbox', () => undefined);
    const report = await lifecycle.shutdown(limits);
    expect(report.stopped).toEqual([{ name: 'sync', outcome: 'failed', message: 'socket already closed' }]);
    expect(report.flushed).toEqual([
      { name: 'library', outcome: 'failed', message: 'disk full' },
      { name: 'outbox', outcome: 'done' },
    ]);
  });

  it('runs the hooks once, however often quit is asked for', async () => {
    const lifecycle = createLifecycle();
    let flushes = 0;
    lifecycle.onFlush('library', () => void flushes++);
    const [first, second] = await Promise.all([lifecycle.shutdown(limits), lifecycle.shutdown(limits)]);
    expect(second).toBe(first);
    expect(flushes).toBe(1);
  });
});

describe('lifecycle: recovery at start', () => {
  it('runs recovery hooks in order and keeps going after a failure', async () => {
    const lifecycle = createLifecycle();
    const order: string[] = [];
    lifecycle.onRecover('outbox', async () => void order.push('outbox'));
    lifecycle.onRecover('sync', () => {
      order.push('sync');
      throw new Error('request 3 has an unknown outcome');
    });
    lifecycle.onRecover('cache', () => void order.push('cache'));
    expect(await lifecycle.recover()).toEqual([
      { name: 'outbox', outcome: 'done' },
      { name: 'sync', outcome: 'failed', message: 'request 3 has an unknown outcome' },
      { name: 'cache', outcome: 'done' },
    ]);
    expect(order).toEqual(['outbox', 'sync', 'cache']);
  });
});
