// What the sandbox holds, read from the sandbox itself: its counters, and its API over real HTTP.
// (Its data file is not used: saving 250,000 vouchers every second would stall it for most of the soak.)
import { ServiceError, createClient, type VoucherClient } from '../../shared/api';
import type { RunningSandbox } from '../../electron/local-service/server';

export interface ServiceJob {
  id: string;
  type: string;
  status: string;
  result: { done_count?: number; failed_count?: number; failed?: { code: string; reason: string }[] } | null;
}

export interface ServiceReward {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
}

export interface ServiceState {
  vouchers: number;
  vouchersInBin: number;
  /** Each probed code with its campaign id (null outside campaigns), undefined when the service says 404. */
  probed: Map<string, string | null | undefined>;
  jobs: ServiceJob[];
  rewards: ServiceReward[];
}

const PAGE = 100;

export function serviceClient(sb: RunningSandbox): VoucherClient {
  return createClient({ target: { sandbox: sb.urls[sb.hostCluster] }, auth: { type: 'keys', ...sb.credentials }, pacing: false });
}

async function allJobs(client: VoucherClient): Promise<ServiceJob[]> {
  const jobs: ServiceJob[] = [];
  let endDate: string | undefined;
  for (;;) {
    const page = (await client.listAsyncActions({ limit: PAGE, ...(endDate !== undefined && { end_date: endDate }) })).items;
    jobs.push(...(page as unknown as ServiceJob[]));
    endDate = page.at(-1)?.created_at ?? undefined;
    if (page.length < PAGE || endDate === undefined) return jobs;
  }
}

async function allRewards(client: VoucherClient): Promise<ServiceReward[]> {
  const rewards: ServiceReward[] = [];
  for (let page = 1; ; page += 1) {
    const items = (await client.listRewards({ limit: PAGE, page })).items;
    rewards.push(...(items as unknown as ServiceReward[]));
    if (items.length < PAGE) return rewards;
  }
}

async function probe(client: VoucherClient, code: string): Promise<string | null | undefined> {
  try {
    return (await client.getVoucher(code)).campaign_id ?? null;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return undefined;
    throw error;
  }
}

export async function readServiceState(sb: RunningSandbox, codes: readonly string[]): Promise<ServiceState> {
  const client = serviceClient(sb);
  const probed = new Map<string, string | null | undefined>();
  for (const code of codes) probed.set(code, await probe(client, code));
  const { vouchers, vouchersInBin } = sb.stats();
  return { vouchers, vouchersInBin, probed, jobs: await allJobs(client), rewards: await allRewards(client) };
}
