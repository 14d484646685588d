import type { PublicationPullProgress } from '../ipc/publication-history';
import { thousands } from './thousands';

/**
 * A running pull's phase in a few words, for the CLI's progress line and the Publications view:
 * "export SUCCESS: scheduled", "export FAILURE: downloading, 12,000 rows", "page 3".
 */
export function pullPhaseText(p: PublicationPullProgress): string {
  if (p.phase === undefined || p.phase === 'listing') return p.part === undefined ? `page ${p.pages}` : `listing ${p.part}, ${thousands(p.rows ?? 0)} read`;
  const what = `export ${p.part ?? ''}`.trimEnd();
  if (p.phase === 'scheduled') return `${what}: scheduled, waiting for the service`;
  return `${what}: ${p.phase}, ${thousands(p.rows ?? 0)} rows`;
}
