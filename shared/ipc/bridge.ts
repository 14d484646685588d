import { isEventChannel, isInvokeChannel, type EventChannel, type InvokeChannel } from './channels';
import type { EventPayload, InvokeRequest, InvokeResponse } from './contract';
import { BridgeError, ipcFail, type IpcResult } from './result';

/**
 * What a transport offers: the Electron preload exposes one as `window.voucherDesk`, the local web
 * host's client is another. Both answer with the envelope, so structured errors survive the trip.
 */
export interface BridgeTransport {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What the renderer codes against: answers or throws a BridgeError. */
export interface Bridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Raw send/listen primitives a transport is built from (ipcRenderer in the preload). */
export interface RawChannelPort {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

function unknownChannel(channel: unknown, kind: string): string {
  return `Unknown ${kind} channel ${JSON.stringify(channel)}; only the contract's channels exist.`;
}

/** Restricts a raw port to the contract's channel names; anything else is refused before it is sent. */
export function createContractTransport(port: RawChannelPort): BridgeTransport {
  return {
    invoke(channel, request) {
      if (!isInvokeChannel(channel)) {
        const message = unknownChannel(channel, 'invoke');
        return Promise.resolve(ipcFail({ code: 'unknown_channel', channel: String(channel), message }));
      }
      return port.invoke(channel, request) as Promise<IpcResult<never>>;
    },
    on(event, listener) {
      if (!isEventChannel(event)) throw new Error(unknownChannel(event, 'event'));
      return port.on(event, listener as (payload: unknown) => void);
    },
  };
}

export function createBridge(transport: BridgeTransport): Bridge {
  return {
    async invoke(channel, request) {
      const result = await transport.invoke(channel, request);
      if (!result.ok) throw new BridgeError(result.error);
      return result.value;
    },
    on: (event, listener) => transport.on(event, listener),
  };
}
