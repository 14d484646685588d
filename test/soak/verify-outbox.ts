// The app's own report of the sync, held against what the service says happened.
import { Outbox } from '../../electron/outbox/outbox';
import { operationReport } from '../../electron/outbox/report';
import { REWARD_MARKER_KEY } from '../../shared/outbox/kinds';
import type { Checks } from './checks';
import type { Queued } from './prepare';
import type { ServiceState } from './service-state';

export async function checkOutbox(c: Checks, dataDir: string, q: Queued, after: ServiceState): Promise<void> {
  const outbox = await Outbox.open(dataDir);
  try {
    const ops = [
      { label: 'JSON import', opId: q.json.opId, codes: q.json.codes.length },
      { label: 'CSV import', opId: q.csv.opId, codes: q.csv.codes.length },
      { label: 'reward', opId: q.reward.opId, codes: 0 },
      { label: 'add to campaign', opId: q.campaign.opId, codes: q.campaign.codes.length },
      ...q.deletes.map((d) => ({ label: `delete${d.force ? ' (force)' : ''}`, opId: d.opId, codes: d.codes.length })),
    ];
    for (const { label, opId, codes } of ops) {
      const report = operationReport(outbox, opId);
      const undone = report.chunks.filter((chunk) => chunk.state !== 'done');
      c.check(`outbox: ${label} done`, report.operation.state === 'done' && undone.length === 0, `operation ${report.operation.state}, ${undone.length} of ${report.chunks.length} request(s) not done`);
      c.none(`outbox: ${label} reports no failed code`, report.failures.map((f) => `${f.code} (${f.reason})`), `${codes} code(s), none failed`);
    }
    for (const { label, opId, codes } of ops.slice(0, 2)) {
      const created = outbox.chunks(opId).reduce((n, chunk) => n + Number(chunk.result?.['done_count'] ?? 0), 0);
      c.check(`outbox: ${label} reports what the service did`, created === codes, `reports ${created} created of ${codes}`);
    }
    const rewardId = outbox.chunk(q.reward.opId, 0).result?.['reward_id'];
    const onService = after.rewards.find((r) => r.metadata?.[REWARD_MARKER_KEY] === q.reward.marker)?.id;
    c.check('outbox: reward id is the one on the service', rewardId !== undefined && rewardId === onService, `${String(rewardId)} / ${String(onService)}`);
  } finally {
    await outbox.close();
  }
}
