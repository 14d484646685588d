import { getContext, setContext } from 'svelte';
import type { Bridge } from '../../../shared/ipc/bridge';

// The bridge is the one service every view needs; context hands it down instead of a prop on
// every component between the app and the view that calls it.
const KEY = Symbol('bridge');

export function setBridge(bridge: Bridge): void {
  setContext(KEY, bridge);
}

export function getBridge(): Bridge {
  const bridge = getContext<Bridge | undefined>(KEY);
  if (!bridge) throw new Error('No bridge in context: the app sets it once in App.svelte');
  return bridge;
}
