// How the publications listing sorts (spec 4.1 `order`), shared by the sandbox and the offline cache.

export const PUBLICATION_ORDER_KEYS = ['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at', 'channel'] as const;
export type PublicationOrderKey = (typeof PUBLICATION_ORDER_KEYS)[number];

/** The service lists the most recent first when no order is given. */
export const DEFAULT_PUBLICATION_ORDER = '-created_at';

/**
 * A comparator for `order` (a key, or a key with a leading dash for descending): nulls last either
 * way, ties broken by id in the same direction so pages never overlap.
 */
export function publicationComparator<T>(
  order: string,
  keyOf: (item: T, key: PublicationOrderKey) => string | null,
  idOf: (item: T) => string,
): (a: T, b: T) => number {
  const sign = order.startsWith('-') ? -1 : 1;
  const key = order.replace(/^-/, '') as PublicationOrderKey;
  return (a, b) => {
    const [x, y] = [keyOf(a, key), keyOf(b, key)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -sign : sign;
    }
    const [i, j] = [idOf(a), idOf(b)];
    return i < j ? -sign : i > j ? sign : 0;
  };
}
