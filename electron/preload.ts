import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createContractTransport } from '../shared/ipc/bridge';

// The page gets the contract's channels and nothing else: no ipcRenderer, no generic send, and
// listeners never see the IpcRendererEvent (it would hand the page the sender object).
const transport = createContractTransport({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  on(channel, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => void ipcRenderer.removeListener(channel, forward);
  },
});

contextBridge.exposeInMainWorld('voucherDesk', { invoke: transport.invoke, on: transport.on });
