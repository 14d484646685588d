import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpcGuard } from '../../../electron/host/ipc-guard';
import { createServices } from '../../../electron/host/services';
import { isAppUrl, resolveAppLocation } from '../../../electron/window/app-location';
import { createBridge, type BridgeTransport } from '../../../shared/ipc/bridge';
import { eventChannels, invokeChannels } from '../../../shared/ipc/channels';
import { invokeContract } from '../../../shared/ipc/contract';
import { BridgeError } from '../../../shared/ipc/result';
import { buildBundle } from './bundle-build';

type Listener = (event: unknown, payload: unknown) => void;

const location = resolveAppLocation({ mainDir: path.resolve('/opt/vd/dist/main'), isPackaged: true });
const appPage = pathToFileURL(path.join(location.rendererDir, 'index.html')).href;
const appInfo = { name: 'voucher-desk', version: '0.1.0' };

/**
 * THE ONE FAKE IN THE SUITE. The Electron binary cannot run on these machines, so the built
 * preload is loaded with a stand-in for the only two Electron objects it touches: contextBridge
 * (records what is exposed) and ipcRenderer (hands invokes to the real IPC guard and services, as
 * the app's main process would, and lets the test deliver events).
 */
function loadPreloadWithFakeElectron(code: string) {
  const exposed = new Map<string, unknown>();
  const invoked: string[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const services = createServices({ dataDir: os.tmpdir(), appInfo, send: () => undefined });
  const guard = createIpcGuard<string>({
    handlers: services.handlers,
    isTrustedSender: (url) => isAppUrl(url, location),
    describeSender: (url) => url,
  });
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api),
    },
    ipcRenderer: {
      invoke(channel: string, payload: unknown) {
        invoked.push(channel);
        return guard.handle(channel, appPage, structuredClone(payload));
      },
      on(channel: string, listener: Listener) {
        listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
      },
      removeListener(channel: string, listener: Listener) {
        listeners.get(channel)?.delete(listener);
      },
    },
  };
  const requireInSandbox = (name: string): unknown => {
    if (name === 'electron') return electron;
    throw new Error(`The sandboxed preload may require only 'electron', not '${name}'`);
  };
  vm.runInNewContext(code, { require: requireInSandbox, module: { exports: {} }, exports: {} });
  return {
    exposed,
    invoked,
    deliver(channel: string, payload: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: 'the IpcRendererEvent' }, payload);
    },
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
}

let outDir = '';
let code = '';

beforeAll(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'vd-shell-preload-'));
  code = buildBundle('preload', outDir);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function load() {
  const preload = loadPreloadWithFakeElectron(code);
  return { ...preload, transport: preload.exposed.get('voucherDesk') as BridgeTransport };
}

describe('preload surface', () => {
  it('exposes one object with invoke and on, nothing generic', () => {
    const { exposed, transport } = load();
    expect([...exposed.keys()]).toEqual(['voucherDesk']);
    expect(Object.keys(transport).sort()).toEqual(['invoke', 'on']);
    expect(typeof transport.invoke).toBe('function');
    expect(typeof transport.on).toBe('function');
  });

  it("lists exactly the contract's invoke channels", () => {
    expect([...invokeChannels].sort()).toEqual(Object.keys(invokeContract).sort());
  });

  it('forwards every contract channel to main under its own name', async () => {
    const { transport, invoked } = load();
    for (const channel of invokeChannels) {
      const result = await transport.invoke(channel, {});
      // An empty request may be refused by the channel's schema, but main must know the channel
      // and accept the sender: what the preload forwards is never unknown or foreign.
      const refusedAsForeign = !result.ok && ['unknown_channel', 'forbidden_sender'].includes(result.error.code);
      expect(refusedAsForeign, channel).toBe(false);
    }
    expect(invoked).toEqual([...invokeChannels]);
  });

  it('rejects unknown channels without sending anything', async () => {
    const { transport, invoked } = load();
    const invokeAny = transport.invoke as (channel: string, request: unknown) => ReturnType<BridgeTransport['invoke']>;
    for (const channel of ['shell.openExternal', 'constructor', '__proto__', 'toString', '']) {
      expect(await invokeAny(channel, {}), channel).toMatchObject({
        ok: false,
        error: { code: 'unknown_channel', message: expect.stringContaining('Unknown invoke channel') },
      });
    }
    expect(invoked).toEqual([]);
  });

  it('answers app.info through the real guard, and a bad payload names the field', async () => {
    const bridge = createBridge(load().transport);
    expect(await bridge.invoke('app.info', {})).toEqual(appInfo);
    const refused = await bridge.invoke('app.info', { debug: true } as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BridgeError);
    expect(refused).toMatchObject({ code: 'invalid_request', channel: 'app.info' });
    expect((refused as BridgeError).message).toContain('debug');
  });

  it('delivers each event payload alone, never the IPC event, until unsubscribed', () => {
    const { transport, deliver, listenerCount } = load();
    for (const channel of eventChannels) {
      const received: unknown[][] = [];
      const unsubscribe = transport.on(channel, (...args: unknown[]) => void received.push(args));
      deliver(channel, { phase: 'checking' });
      expect(received).toEqual([[{ phase: 'checking' }]]);
      unsubscribe();
      expect(listenerCount(channel)).toBe(0);
      deliver(channel, { phase: 'idle' });
      expect(received).toHaveLength(1);
    }
  });

  it('refuses to subscribe to an unknown event', () => {
    const { transport, listenerCount } = load();
    const onAny = transport.on as (event: string, listener: () => void) => () => void;
    expect(() => onAny('ipc-message', () => undefined)).toThrow(/Unknown event channel "ipc-message"/);
    expect(listenerCount('ipc-message')).toBe(0);
  });
});
