import { newId } from './http';
import type { SandboxState } from './state';

export interface Category {
  id: string;
  name: string;
}

/** The category with that name, created on first use (imports tag vouchers by category name). */
export function categoryByName(state: SandboxState, name: string): Category {
  const existing = state.docs.all<Category>('category').find((c) => c.name === name);
  if (existing) return existing;
  const created = { id: newId('cat_'), name };
  state.docs.put('category', created.id, created);
  return created;
}

export function categoryById(state: SandboxState, id: string): Category | undefined {
  return state.docs.get<Category>('category', id);
}

/** A per-job cache: bulk imports tag thousands of vouchers with the same few names. */
export function categoryCache(state: SandboxState): (name: string | null) => Category | null {
  const cache = new Map<string, Category>();
  return (name) => {
    if (name === null) return null;
    let category = cache.get(name);
    if (!category) {
      category = categoryByName(state, name);
      cache.set(name, category);
    }
    return category;
  };
}
