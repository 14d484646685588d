import { planSync, type BudgetFigures, type DryRunPlan } from '../../shared/outbox/dry-run';
import type { OperationKind } from '../../shared/operations/all';
import { describeOperation } from '../../shared/operations/all';
import { projectLabel, type Project } from '../../shared/domain/project';
import type { OutboxReads } from '../outbox/outbox-reads';

/** Assumed before any budget was seen: a sandbox project's hourly allowance, and the smallest plan's a minute. */
export const ASSUMED_CALL_LIMIT = 100;
const TOKEN_LIFETIME_MS = 900_000;
/** A cautious guess of calls a second, only used to count token renewals of a long sync. */
const CALLS_PER_SECOND = 5;

/** A sandbox project of the service is fixed at 100 calls an hour. */
const SANDBOX_PROJECT_WINDOW = { ms: 3_600_000, word: 'hour' };

/** The outbox's key of the rate budget last seen for a project (all projects' syncs when none is named). */
export function budgetKey(project: string | undefined): string {
  return project === undefined ? 'budget' : `budget:${project}`;
}

function lastBudget(outbox: OutboxReads, project: string | undefined): BudgetFigures | undefined {
  const saved = outbox.syncState(budgetKey(project));
  if (saved === undefined) return undefined;
  try {
    const parsed = JSON.parse(saved) as BudgetFigures;
    return typeof parsed.limit === 'number' && typeof parsed.remaining === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** What a sync would send now, from the outbox alone: no network. */
export function dryRun(outbox: OutboxReads, project: Project, usesTokens: boolean, now = Date.now()): DryRunPlan {
  return planFor(outbox, `${projectLabel(project)}`, usesTokens, project, now);
}

/** The plan of one project's operations, or of the whole outbox when none is named (tools and tests). */
export function planFor(outbox: OutboxReads, target: string, usesTokens: boolean, project?: Pick<Project, 'id' | 'kind'>, now = Date.now()): DryRunPlan {
  const operations = outbox.operations({ open: true, project: project?.id }).map((op) => ({
    id: op.id,
    kind: op.kind as OperationKind,
    label: describeOperation(op.kind, op.payload),
    requests: outbox.requestSizes(op.id),
  }));
  return planSync({
    operations,
    target,
    usesTokens,
    budget: lastBudget(outbox, project?.id),
    assumedLimit: ASSUMED_CALL_LIMIT,
    ...(project?.kind === 'sandbox-project' && { window: SANDBOX_PROJECT_WINDOW, now }),
    callsPerSecond: CALLS_PER_SECOND,
    tokenLifetimeMs: TOKEN_LIFETIME_MS,
  });
}
