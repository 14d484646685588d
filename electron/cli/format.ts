// Plain-text tables and progress bars for people; --json output bypasses all of this.

import { thousands } from '../../shared/domain/thousands';

export interface Column<T> {
  header: string;
  value(row: T): string | number | null | undefined;
}

export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const numeric = columns.map((column) => rows.length > 0 && rows.every((row) => typeof column.value(row) === 'number'));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => (line[i] ?? '').length)));
  const render = (line: readonly string[]) =>
    line
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(columns.map((c) => c.header)), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n') + '\n';
}

function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? thousands(value) : value.replace(/\s+/g, ' ');
}

export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${thousands(n)} ${n === 1 ? noun : plural}`;
}

export interface Progress {
  update(done: number, total: number, detail?: string): void;
  finish(): void;
}

const WIDTH = 30;

/** A bar redrawn in place on stderr at most ten times a second; nothing when stderr is not a terminal. */
export function progressBar(label: string, write: (text: string) => void, enabled: boolean): Progress {
  if (!enabled) return { update() {}, finish() {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total, detail = '') {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${Math.floor(share * 100)}% ${detail}\u001b[K`);
      drawn = true;
    },
    finish() {
      if (drawn) write('\r\u001b[K');
    },
  };
}
