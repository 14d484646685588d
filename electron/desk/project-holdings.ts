import { type Project } from '../../shared/domain/project';
import { cachedCounts, dropCachedTarget } from '../cache';
import type { Outbox } from '../outbox/outbox';
import { cancelOperation } from '../outbox/report';
import type { StoreDatabase } from '../store/database';

/** What a project holds in this data folder: asked about before it is removed. */
export interface ProjectHoldings {
  openOperations: number;
  publications: number;
  stacks: number;
  rewards: number;
  earningRules: number;
}

export function projectHoldings(outbox: Outbox, cache: StoreDatabase, project: Project): ProjectHoldings {
  return { openOperations: outbox.openCount(project.id), ...cachedCounts(cache, project.id) };
}

export function holdsAnything(h: ProjectHoldings): boolean {
  return Object.values(h).some((n) => n > 0);
}

export function holdingsText(project: Project, h: ProjectHoldings): string {
  const parts = [
    h.openOperations > 0 && `${h.openOperations} open operation(s) in the outbox, which will be cancelled (what was already sent stays on the service)`,
    h.publications > 0 && `${h.publications} cached publication(s)`,
    h.stacks > 0 && `${h.stacks} cached promotion stack(s)`,
    h.rewards > 0 && `${h.rewards} cached reward(s)`,
    h.earningRules > 0 && `${h.earningRules} cached earning rule(s)`,
  ].filter((p): p is string => typeof p === 'string');
  return `Project "${project.name}" holds ${parts.join(', ')}. Removing it drops them and its key from the keychain.`;
}

/** Cancels the project's open operations and drops its cached copies (after the person confirmed). */
export async function releaseProject(outbox: Outbox, cache: StoreDatabase, project: Project): Promise<void> {
  for (const op of outbox.operations({ open: true, project: project.id })) await cancelOperation(outbox, op.id);
  await dropCachedTarget(cache, project.id);
}
