import { contextBridge, ipcRenderer } from 'electron';
import { invokeChannels, type InvokeChannel } from '../shared/ipc/channels';
import type { Bridge } from '../shared/ipc/contract';

const allowed = new Set<string>(invokeChannels);

// Only the channels of the contract are reachable; there is no generic send.
const bridge: Bridge = {
  invoke(channel, request) {
    if (!allowed.has(channel)) return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel satisfies InvokeChannel, request);
  },
};

contextBridge.exposeInMainWorld('voucherDesk', bridge);
