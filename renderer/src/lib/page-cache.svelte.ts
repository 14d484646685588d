import { SvelteMap, SvelteSet } from 'svelte/reactivity';

/**
 * The few pages of rows a grid shows, fetched on demand and dropped when far away, so a batch of
 * any size costs the renderer only what is on screen. Reactive: a template reading `row(i)` shows
 * the row once its page arrives, with no counter to bump.
 */
export class PageCache<T> {
  private readonly pages = new SvelteMap<number, T[]>();
  private readonly loading = new SvelteSet<number>();
  /** Rows matching the grid's query in the whole batch, as the last page said. */
  total = $state(0);

  constructor(
    readonly pageSize: number,
    private readonly keep: number,
  ) {}

  row(index: number): T | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Page numbers covering rows first..last that are neither held nor being fetched. */
  missing(first: number, last: number): number[] {
    const wanted: number[] = [];
    for (let page = Math.floor(first / this.pageSize); page <= Math.floor(last / this.pageSize); page++) {
      if (!this.pages.has(page) && !this.loading.has(page)) wanted.push(page);
    }
    return wanted;
  }

  startLoading(page: number): void {
    this.loading.add(page);
  }

  store(page: number, rows: T[], total: number, near: number): void {
    this.loading.delete(page);
    this.total = total;
    this.pages.set(page, rows);
    if (this.pages.size <= this.keep) return;
    const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - near) - Math.abs(a - near));
    for (const drop of far.slice(0, this.pages.size - this.keep)) this.pages.delete(drop);
  }

  failed(page: number): void {
    this.loading.delete(page);
  }

  replace(index: number, row: T): void {
    const key = Math.floor(index / this.pageSize);
    const page = this.pages.get(key);
    if (!page) return;
    const next = page.slice();
    next[index % this.pageSize] = row;
    this.pages.set(key, next);
  }
}
