import { cachedItemJson } from './publication-parts';
import { InvalidRequestError, buildPublicationsQuery, type Publication } from '../../shared/api';
import type { FilterField } from '../../shared/domain/publication-filter';
import { DEFAULT_PUBLICATION_ORDER } from '../../shared/domain/publication-order';
import type { PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { Reader } from '../store/statements';
import type { AnswerMemo } from './answer-memo';
import { answerOf } from './publication-answer';
import { orderOf, pageIds } from './publication-pages';
import { listPulls, type PullRecord } from './pulls';

export interface CachedPublicationsQuery extends PublicationSelection {
  offset?: number;
  /** 1..1000; default 10 like the service. */
  limit?: number;
  /** What only the cache can narrow by: a time range and a channel. */
  narrowing?: HistoryNarrowing;
}

export interface CachedPublicationsPage {
  items: Publication[];
  /** Cached publications that answer the query. */
  total: number;
  offset: number;
  limit: number;
  /**
   * Cached publications the cache cannot decide on, because the query reads a fact their list item
   * does not show (see `unknownFields`); a pull with that filter teaches the cache those facts.
   */
  undetermined: number;
  unknownFields: FilterField[];
  /** The newest publication pull of this target, if any. */
  lastPull: PullRecord | undefined;
}

export const CACHE_LIMIT_MAX = 1000;

function checkPaging(offset: unknown, limit: unknown): { offset: number; limit: number } {
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new InvalidRequestError('offset', offset, 'a whole number from 0');
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > CACHE_LIMIT_MAX) {
    throw new InvalidRequestError('limit', limit, `an integer from 1 to ${CACHE_LIMIT_MAX}`);
  }
  return { offset, limit };
}

/**
 * Answers a publications query from the cache alone, with the service's filters, orders and
 * semantics (shared with the sandbox), paged by offset and limit, in SQL over `publication_facts`;
 * with a memo, an answer counted since the cache's last commit is not counted again.
 */
export function queryCachedPublications(db: Reader, target: string, query: CachedPublicationsQuery = {}, memo?: AnswerMemo): CachedPublicationsPage {
  const { offset: rawOffset = 0, limit: rawLimit = 10, narrowing = {}, ...selection } = query;
  const { offset, limit } = checkPaging(rawOffset, rawLimit);
  buildPublicationsQuery(selection);
  const order = orderOf(selection.order ?? DEFAULT_PUBLICATION_ORDER);
  const count = () => answerOf(db, target, selection, narrowing, order.key);
  const answer = memo ? memo.answer({ target, selection, narrowing, key: order.key }, count) : count();
  const ids = pageIds(db, answer.scope, order, offset, limit);
  return {
    items: itemsByIds(db, target, ids),
    total: answer.scope.matches,
    offset,
    limit,
    undetermined: answer.undetermined,
    unknownFields: answer.unknownFields,
    lastPull: listPulls(db, target, { kind: 'publications', limit: 1 })[0],
  };
}

function itemsByIds(db: Reader, target: string, ids: readonly string[]): Publication[] {
  if (ids.length === 0) return [];
  const json = cachedItemJson(db, target, ids);
  const byId = new Map([...json].map(([id, text]) => [id, JSON.parse(text) as Publication]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
