// How the promotion stacks listing (spec 4.8) filters by date range and sorts, shared by the
// sandbox and the offline cache.

export interface StackKeys {
  id: string;
  name?: string;
  created_at?: string;
  updated_at?: string;
}

/** `before`/`after` are exclusive bounds in ms; a stack without the date never matches a range. */
export function inDateRange(value: string | undefined, before: number | undefined, after: number | undefined): boolean {
  if (before === undefined && after === undefined) return true;
  if (value === undefined) return false;
  const ms = Date.parse(value);
  return (before === undefined || ms < before) && (after === undefined || ms > after);
}

/** Sorts by `order` (created_at, updated_at or name, a leading dash descending), missing values last, then by id. */
export function stackComparator(order: string): (a: StackKeys, b: StackKeys) => number {
  const key = order.replace(/^-/, '') as 'created_at' | 'updated_at' | 'name';
  const sign = order.startsWith('-') ? -1 : 1;
  return (a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === y) return a.id < b.id ? -sign : sign;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    return x < y ? -sign : sign;
  };
}
