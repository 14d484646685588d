/**
 * Browsers cap an element's height (Chromium near 33.5M px, Firefox near 17.9M px), so a grid of
 * 30 px rows cannot lay out more than about 1.1M rows at their true height. Past a limit the scroll
 * space is compressed: the scrollbar covers `contentHeight` pixels, each scrolled pixel moves the
 * rows by `ratio` pixels, and the last scroll position shows the last row at the bottom.
 */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface ScrollMap {
  /** Height to give the scrolled content (the spacer). */
  contentHeight: number;
  /** Rows' pixels moved per scrolled pixel: 1 when nothing is compressed. */
  ratio: number;
  /** Offset of the viewport's top in the rows' true layout (row i starts at i * rowHeight). */
  offsetAt(scrollTop: number): number;
  /** The scroll position that puts the true offset at the viewport's top (clamped to the range). */
  scrollTopFor(offset: number): number;
  /** Where row `index` goes inside the content at this scroll position. */
  rowTop(index: number, scrollTop: number): number;
}

export function scrollMap(total: number, rowHeight: number, viewportHeight: number, maxHeight = MAX_SCROLL_HEIGHT): ScrollMap {
  const trueHeight = Math.max(0, total) * rowHeight;
  const contentHeight = Math.min(trueHeight, maxHeight);
  const trueRange = Math.max(0, trueHeight - viewportHeight);
  const scrollRange = Math.max(0, contentHeight - viewportHeight);
  const ratio = scrollRange > 0 && trueRange > scrollRange ? trueRange / scrollRange : 1;
  const clampScroll = (scrollTop: number): number => Math.min(Math.max(0, scrollTop), scrollRange);
  const offsetAt = (scrollTop: number): number => clampScroll(scrollTop) * ratio;
  return {
    contentHeight,
    ratio,
    offsetAt,
    scrollTopFor: (offset) => clampScroll(offset / ratio),
    // Rows sit at their true distance from the viewport's top, so they stay 30 px apart on screen.
    rowTop: (index, scrollTop) => index * rowHeight - offsetAt(scrollTop) + clampScroll(scrollTop),
  };
}
