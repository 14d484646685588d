import type { SandboxState } from './state';

export function seedIfNew(state: SandboxState): void {
  state.store.touched();
}
