import { ApiError, invalidParam } from './errors';

function whole(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw invalidParam(`${name} must be a whole number, got ${JSON.stringify(raw)}.`);
  return Number(raw);
}

/** `limit`: 1..100, default 10. */
export function parseLimit(query: URLSearchParams): number {
  const limit = whole(query, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam(`limit must be from 1 to 100, got ${limit}.`);
  return limit;
}

/** `page`: from 1; above 1000 the service answers page_over_limit; `max` is a stricter schema limit. */
export function parsePage(query: URLSearchParams, max = 1000): number {
  const page = whole(query, 'page') ?? 1;
  if (page > 1000) {
    throw new ApiError(400, {
      key: 'page_over_limit',
      message: 'Page over limit',
      details: `The page property cannot be higher than 1000 (got ${page}).`,
    });
  }
  if (page < 1 || page > max) throw invalidParam(`page must be from 1 to ${max}, got ${page}.`);
  return page;
}

export function pageOf<T>(items: readonly T[], limit: number, page: number): T[] {
  return items.slice((page - 1) * limit, page * limit);
}
