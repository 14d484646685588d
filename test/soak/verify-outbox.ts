// The app's own report of the sync, held against what the service says happened.
import { Outbox } from '../../electron/outbox/outbox';
import { operationReport } from '../../electron/outbox/report';
import { OPERATION_MARKER_KEY } from '../../shared/operations/marker';
import type { Checks } from './checks';
import type { Queued } from './prepare';
import type { ServiceState } from './service-state';

export async function checkOutbox(c: Checks, dataDir: string, q: Queued, after: ServiceState): Promise<void> {
  const outbox = await Outbox.open(dataDir);
  try {
    const ops = [
      { label: 'JSON import', opId: q.json.opId, writes: q.json.codes.length },
      { label: 'CSV import', opId: q.csv.opId, writes: q.csv.codes.length },
      { label: 'reward', opId: q.reward.opId, writes: 1 },
      { label: 'add to campaign', opId: q.campaign.opId, writes: q.campaign.codes.length },
      ...q.deletes.map((d) => ({ label: `delete${d.force ? ' (force)' : ''}`, opId: d.opId, writes: d.codes.length })),
    ];
    for (const { label, opId, writes } of ops) {
      const report = operationReport(outbox, opId);
      const undone = report.requests.filter((request) => request.state !== 'done');
      c.check(
        `outbox: ${label} done`,
        report.operation.state === 'done' && undone.length === 0,
        `operation ${report.operation.state}, ${undone.length} of ${report.requests.length} request(s) not done`,
      );
      // Nobody else writes to the soak's project: the report must say this sync made every write.
      const { applied, present, failed } = report.tally;
      const first = report.failures[0] ?? report.present[0];
      c.check(
        `outbox: ${label} reports what the service did`,
        applied === writes && present === 0 && failed === 0,
        `carried out ${applied} of ${writes}, already on the service ${present}, failed ${failed}${first ? ` (${first.code}: ${first.reason})` : ''}`,
      );
    }
    const rewardId = outbox.request(q.reward.opId, 0).result?.['reward_id'];
    const onService = after.rewards.find((r) => r.metadata?.[OPERATION_MARKER_KEY] === q.reward.marker)?.id;
    c.check('outbox: reward id is the one on the service', rewardId !== undefined && rewardId === onService, `${String(rewardId)} / ${String(onService)}`);
  } finally {
    await outbox.close();
  }
}
