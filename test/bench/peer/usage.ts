import type { TimedRun } from './timed-run';

export const USAGE_PRELOAD = new URL('./usage-on-exit.cjs', import.meta.url).pathname;

export interface ProcessUsage {
  wallMs: number;
  cpuMs: number;
  maxRssBytes: number;
}

/** What usage-on-exit.cjs reported for a run (spawned with `-r USAGE_PRELOAD`), with its wall time. */
export function usageOf(run: TimedRun, what: string): ProcessUsage {
  if (run.status !== 0) throw new Error(`${what} failed (${run.status}): ${run.stderr}`);
  const line = run.stderr.split('\n').find((text) => text.startsWith('bench-usage '));
  if (!line) throw new Error(`${what} did not report its usage: ${run.stderr}`);
  const { cpuMs, maxRssBytes } = JSON.parse(line.slice('bench-usage '.length)) as { cpuMs: number; maxRssBytes: number };
  return { wallMs: run.exitedAt - run.startedAt, cpuMs, maxRssBytes };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** "1.23x (1.10-1.40)": the median of the paired ratios, their range in brackets. */
export function ratioText(ratios: readonly number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  return `${median(sorted).toFixed(2)}x (${(sorted[0] ?? NaN).toFixed(2)}-${(sorted.at(-1) ?? NaN).toFixed(2)})`;
}

export { median };
