import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, scrollMap } from '../../../renderer/src/lib/scroll-map';

const ROW = 30;
const VIEW = 480;

describe('grid scroll mapping', () => {
  it('is the identity while the rows fit under the limit', () => {
    const atLimit = scrollMap(MAX_SCROLL_HEIGHT / ROW, ROW, VIEW);
    expect(atLimit.contentHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(atLimit.ratio).toBe(1);
    const small = scrollMap(10_000, ROW, VIEW);
    expect(small.contentHeight).toBe(300_000);
    expect(small.ratio).toBe(1);
    expect(small.offsetAt(12_345)).toBe(12_345);
    expect(small.rowTop(400, 12_345)).toBe(12_000);
    expect(small.scrollTopFor(12_000)).toBe(12_000);
  });

  it('keeps the content under the limit and reaches the last row of 1.2M and 10M rows', () => {
    for (const total of [1_200_000, 10_000_000]) {
      const map = scrollMap(total, ROW, VIEW);
      expect(map.contentHeight).toBe(MAX_SCROLL_HEIGHT);
      expect(map.ratio).toBeGreaterThan(1);
      const end = map.contentHeight - VIEW;
      // At the end of the scrollbar the last row's bottom meets the viewport's bottom.
      expect(map.offsetAt(end) + VIEW).toBeCloseTo(total * ROW, 3);
      const lastTop = map.rowTop(total - 1, end);
      expect(lastTop + ROW - end).toBeCloseTo(VIEW, 3);
      expect(lastTop + ROW).toBeLessThanOrEqual(map.contentHeight + 1e-6);
      expect(map.offsetAt(0)).toBe(0);
      expect(map.rowTop(0, 0)).toBe(0);
    }
  });

  it('places the rows on screen 30 px apart at any scroll position, and scrollTopFor inverts offsetAt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (total, at) => {
        const map = scrollMap(total, ROW, VIEW);
        const scrollTop = at * Math.max(0, map.contentHeight - VIEW);
        const first = Math.floor(map.offsetAt(scrollTop) / ROW);
        const onScreen = map.rowTop(first, scrollTop) - scrollTop;
        expect(onScreen).toBeLessThanOrEqual(1e-6);
        expect(onScreen).toBeGreaterThan(-ROW - 1e-6);
        expect(map.rowTop(first + 1, scrollTop) - map.rowTop(first, scrollTop)).toBeCloseTo(ROW, 6);
        expect(map.offsetAt(map.scrollTopFor(map.offsetAt(scrollTop)))).toBeCloseTo(map.offsetAt(scrollTop), 3);
        expect(map.contentHeight).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
      }),
    );
  });

  it('clamps scroll positions outside the range', () => {
    const map = scrollMap(2_000_000, ROW, VIEW);
    expect(map.offsetAt(-50)).toBe(0);
    expect(map.offsetAt(map.contentHeight * 2)).toBeCloseTo(2_000_000 * ROW - VIEW, 3);
    expect(map.scrollTopFor(Number.MAX_SAFE_INTEGER)).toBe(map.contentHeight - VIEW);
  });
});
