import { readFileSync } from 'node:fs';
import type { SandboxProcess } from './sandbox-process';

/** What the app sends per import request: at most 100,000 codes (IMPORT_MAX_CODES). */
export const CODES_PER_IMPORT = 100_000;

/** Resident and peak resident memory of a process, in bytes, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * One import body of the shapes the app sends, the service's CSV format, codes `from`..`from+count-1`:
 * discount codes with a category, dates and one metadata column; every tenth a gift card.
 */
export function csvImportBody(from: number, count: number): string {
  const lines = ['Code,Voucher Type,Value,Discount Type,Category,Start Date,Expiration Date,Region'];
  for (let i = from; i < from + count; i += 1) {
    const code = `MEM-${i.toString(36).toUpperCase().padStart(6, '0')}`;
    if (i % 10 === 0) lines.push(`${code},GIFT_VOUCHER,2500,,gifts,2026-01-01,2026-12-31,north`);
    else lines.push(`${code},DISCOUNT_VOUCHER,15,PERCENT,spring,2026-01-01,2026-12-31,${i % 3 === 0 ? 'south' : 'north'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Posts one CSV import of `count` codes from `from` and waits (polling with a deadline) until it is DONE. */
export async function importCodes(sb: SandboxProcess, from: number, count: number): Promise<void> {
  const headers = { 'X-App-Id': sb.appId, 'X-App-Token': sb.appToken };
  const form = new FormData();
  form.append('file', new Blob([csvImportBody(from, count)], { type: 'text/csv' }), 'codes.csv');
  const res = await fetch(`${sb.url}/v1/vouchers/importCSV`, { method: 'POST', body: form, headers });
  if (res.status !== 202) throw new Error(`importCSV: ${res.status} ${await res.text()}`);
  const { async_action_id: id } = (await res.json()) as { async_action_id: string };
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const action = (await (await fetch(`${sb.url}/v1/async-actions/${id}`, { headers })).json()) as {
      status: string;
      result?: { done_count: number; failed_count: number };
    };
    if (action.status === 'DONE' || action.status === 'FAILED') {
      if (action.result?.done_count !== count) throw new Error(`import of ${count} codes from ${from}: ${JSON.stringify(action.result)}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} not DONE after 600 s`);
}
