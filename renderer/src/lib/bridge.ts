import { createBridge, type Bridge, type BridgeTransport } from '../../../shared/ipc/bridge';
import { createWebTransport, takeRunToken } from './web-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser served by the local web host. */
    voucherDesk?: BridgeTransport;
  }
}

function pickTransport(): BridgeTransport {
  if (window.voucherDesk) return window.voucherDesk;
  return createWebTransport(takeRunToken(window.location, window.sessionStorage, window.history));
}

/** The one way the renderer reaches main: the preload's bridge in the app, the web host in a browser. */
export function connectBridge(): Bridge {
  return createBridge(pickTransport());
}
