/**
 * Record numbers in ascending order of one key: those with a value first, then those without, ties
 * broken by id. The service keeps the records without a value last in both directions and breaks
 * ties by id in the order's direction, so walking each part backwards gives the descending order
 * and one list serves both.
 */
export interface OrderedList {
  positions: Int32Array;
  /** How many leading positions hold records with a value. */
  withValue: number;
}

/** An ordered list and, for each record number, its position in it. */
export interface RankedList extends OrderedList {
  rank: Int32Array;
}

/** Sorts record numbers by `keys` (null: no value), ties by `ids`; `<` on strings, as the service compares. */
export function rankedBy(keys: readonly (string | null)[], ids: readonly string[]): RankedList {
  const byId = (a: number, b: number): number => {
    const [x, y] = [ids[a] as string, ids[b] as string];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const valued: number[] = [];
  const empty: number[] = [];
  keys.forEach((key, i) => (key === null ? empty : valued).push(i));
  valued.sort((a, b) => {
    const [x, y] = [keys[a] as string, keys[b] as string];
    return x < y ? -1 : x > y ? 1 : byId(a, b);
  });
  empty.sort(byId);
  const positions = Int32Array.from([...valued, ...empty]);
  const rank = new Int32Array(positions.length);
  positions.forEach((record, position) => {
    rank[record] = position;
  });
  return { positions, withValue: valued.length, rank };
}

/** The members of `list` in its order, found by sorting their positions (O(m log m), not O(table)). */
export function subsetOf(list: RankedList, members: readonly number[]): OrderedList {
  const ranks = Int32Array.from(members, (record) => list.rank[record] as number).sort();
  let withValue = 0;
  let high = ranks.length;
  while (withValue < high) {
    const mid = (withValue + high) >>> 1;
    if ((ranks[mid] as number) < list.withValue) withValue = mid + 1;
    else high = mid;
  }
  return { positions: ranks.map((position) => list.positions[position] as number), withValue };
}

/** Record numbers `offset` to `offset + limit` of the list, walked in either direction. */
export function sliceOf(list: OrderedList, descending: boolean, offset: number, limit: number): number[] {
  const { positions, withValue } = list;
  const n = positions.length;
  const out: number[] = [];
  for (let p = offset; p < Math.min(n, offset + limit); p += 1) {
    const at = !descending ? p : p < withValue ? withValue - 1 - p : n - 1 - (p - withValue);
    out.push(positions[at] as number);
  }
  return out;
}
