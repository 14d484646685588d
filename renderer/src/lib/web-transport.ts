import type { BridgeTransport } from '../../../shared/ipc/bridge';
import { isEventChannel, type EventChannel } from '../../../shared/ipc/channels';
import type { EventPayload } from '../../../shared/ipc/events';
import { ipcFail, type IpcResult } from '../../../shared/ipc/result';

const TOKEN_KEY = 'voucher-desk.run-token';

/**
 * The run token arrives once in the address printed by `npm run web`; the page keeps it for the
 * tab's life and drops it from the address bar, so it does not end up in history or screenshots.
 */
export function takeRunToken(location: Location, storage: Storage, history: History): string {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  const kept = storage.getItem(TOKEN_KEY);
  if (!kept) throw new Error('This page was opened without its access token: open the address printed by `npm run web`.');
  return kept;
}

/** The contract over the local web host: one POST per invoke, one server-sent-event stream for events. */
export function createWebTransport(token: string): BridgeTransport {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  let source: EventSource | undefined;

  function connect(): void {
    if (source) return;
    source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
    for (const event of listeners.keys()) subscribe(event);
  }

  function subscribe(event: EventChannel): void {
    source?.addEventListener(event, (message) => {
      const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  }

  return {
    async invoke(channel, request) {
      let response: Response;
      try {
        response = await fetch(`/api/invoke/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-voucher-desk-token': token },
          body: JSON.stringify(request ?? {}),
        });
      } catch (error) {
        const message = `The app's local server did not answer (${error instanceof Error ? error.message : String(error)}); is \`npm run web\` still running?`;
        return ipcFail({ code: 'failed', channel, message });
      }
      if (!response.headers.get('content-type')?.startsWith('application/json')) {
        return ipcFail({ code: 'failed', channel, message: `The app's local server refused the call: ${response.status} ${await response.text()}` });
      }
      return (await response.json()) as IpcResult<never>;
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void) {
      if (!isEventChannel(event)) throw new Error(`Unknown event channel ${JSON.stringify(event)}`);
      const set = listeners.get(event) ?? new Set();
      const isNew = !listeners.has(event);
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      if (!source) connect();
      else if (isNew) subscribe(event);
      return () => void set.delete(listener as (payload: unknown) => void);
    },
  };
}
