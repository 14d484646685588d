import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

// The figures of the scale bench (issue 25): one row per measure, with its baseline, the ratio and
// the target, so a missed target is printed, never thrown; and the slope across the sizes run.

export interface Measure {
  /** The measure's name, the same at every size so the slope table can line them up. */
  name: string;
  ours: string;
  baseline: string;
  ratio: string;
  target: string;
  /** undefined: nothing to judge (a figure printed for the reader). */
  met?: boolean;
  /** The 1-minute load average at the step's start and end. */
  load: string;
}

export const MIB = 2 ** 20;
export const GIB = 2 ** 30;
export const mib = (bytes: number): string => `${(bytes / MIB).toFixed(0)} MiB`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const times = (ratio: number): string => `${ratio.toFixed(2)}x`;
export const codes = (n: number): string => n.toLocaleString('en-US');
export const load1 = (): string => loadavg()[0]?.toFixed(2) ?? '?';

/** Apparent bytes under a folder (`du -sb`), so a growth is what was written, not what blocks hold. */
export function folderBytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
}

function grid(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) => `  ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')}`).join('\n');
}

const verdict = (m: Measure): string => (m.met === undefined ? '-' : m.met ? 'met' : 'MISSED');

/** One size's table: a row per measure, our figure, the baseline's, the ratio, the target and its verdict. */
export function sizeTable(size: number, measures: readonly Measure[]): string {
  const missed = measures.filter((m) => m.met === false).map((m) => m.name);
  return [
    `scale benchmark at ${codes(size)} codes (one batch, fresh data folder; each step its own process from the build)`,
    grid([
      ['measure', 'ours', 'baseline', 'ratio', 'target', 'verdict', 'load'],
      ...measures.map((m) => [m.name, m.ours, m.baseline, m.ratio, m.target, verdict(m), m.load]),
    ]),
    `  ${missed.length === 0 ? 'every target met' : `MISSED: ${missed.join('; ')}`}`,
  ].join('\n');
}

/** The slope: each measure's figure at every size run, side by side. */
export function slopeTable(results: readonly { size: number; measures: readonly Measure[] }[]): string {
  const names = [...new Set(results.flatMap((r) => r.measures.map((m) => m.name)))];
  const header = ['measure', ...results.map((r) => `${codes(r.size)} codes`)];
  const rows = names.map((name) => [
    name,
    ...results.map((r) => {
      const m = r.measures.find((x) => x.name === name);
      return m ? `${m.ours}${m.met === false ? ' (MISSED)' : ''}` : '-';
    }),
  ]);
  return [`scale benchmark, the slope (ours at each size; load per step in the tables above)`, grid([header, ...rows])].join('\n');
}
