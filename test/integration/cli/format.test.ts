import { describe, expect, it } from 'vitest';
import { progressBar, table } from '../../../electron/cli/format';

describe('command-line formatting', () => {
  it('aligns table columns and right-aligns numbers', () => {
    const text = table(
      [
        { name: 'Spring', rows: 1200 },
        { name: 'A', rows: 3 },
      ],
      [
        { header: 'NAME', value: (r) => r.name },
        { header: 'ROWS', value: (r) => r.rows },
      ],
    );
    expect(text).toBe('NAME     ROWS\n------  -----\nSpring  1,200\nA           3\n');
  });

  it('draws a progress bar only when enabled, and clears it at the end', () => {
    const drawn: string[] = [];
    const bar = progressBar('Importing', (text) => drawn.push(text), true);
    bar.update(50, 100, '50 rows');
    bar.finish();
    expect(drawn[0]).toMatch(/^\rImporting \[#{15}-{15}\] 50% 50 rows/);
    expect(drawn.at(-1)).toBe('\r\u001b[K');
    const silent: string[] = [];
    const off = progressBar('Importing', (text) => silent.push(text), false);
    off.update(1, 2);
    off.finish();
    expect(silent).toEqual([]);
  });
});
