import { getContext, setContext } from 'svelte';
import type { ViewId } from '../views';

// Lets a view send the user to another one ("Open in Outbox") without knowing how the app shows views.
const KEY = Symbol('navigate');

export function setNavigate(navigate: (view: ViewId) => void): void {
  setContext(KEY, navigate);
}

/** Goes to a view; does nothing where no app set it (a view shown on its own). */
export function getNavigate(): (view: ViewId) => void {
  return getContext<((view: ViewId) => void) | undefined>(KEY) ?? (() => undefined);
}
