import { InvalidRequestError, buildPublicationsQuery, type Publication } from '../../shared/api';
import type { PublicationFacts } from '../../shared/domain/publication-facts';
import type { FilterField, Truth } from '../../shared/domain/publication-filter';
import { DEFAULT_PUBLICATION_ORDER, publicationComparator } from '../../shared/domain/publication-order';
import { fieldsRead, selectionKey, selectionTest, type PublicationSelection } from '../../shared/domain/publication-query';
import type { Reader } from '../store/statements';
import { latestCompletePull, listPulls, type PullRecord } from './pulls';
import { FACTS_SELECT, factsOfRow } from './publication-rows';

export interface CachedPublicationsQuery extends PublicationSelection {
  offset?: number;
  /** 1..1000; default 10 like the service. */
  limit?: number;
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

/** Narrows the candidates in SQL by the exact-match parameters; an unknown value stays a candidate. */
function candidateSql(q: PublicationSelection): { where: string; params: string[] } {
  const clauses: string[] = ['target = ?'];
  const params: string[] = [];
  const exact: [string, string | undefined][] = [
    ['customer_id', q.customer],
    ['result', q.result],
    ['source_id', q.source_id],
    ['campaign_name', q.campaign],
  ];
  for (const [column, value] of exact) {
    if (value === undefined) continue;
    clauses.push(`(${column} = ? OR instr(unknown, ?) > 0)`);
    params.push(value, `,${column},`);
  }
  return { where: clauses.join(' AND '), params };
}

/**
 * Answers a publications query from the cache alone, with the service's filters, orders and
 * semantics (shared with the sandbox), paged by offset and limit.
 */
export function queryCachedPublications(db: Reader, target: string, query: CachedPublicationsQuery = {}): CachedPublicationsPage {
  const { offset: rawOffset = 0, limit: rawLimit = 10, ...selection } = query;
  const { offset, limit } = checkPaging(rawOffset, rawLimit);
  buildPublicationsQuery(selection);
  const { where, params } = candidateSql(selection);
  const rows = db.all<{ facts: string }>(`SELECT ${FACTS_SELECT} FROM publications WHERE ${where}`, [target, ...params]);
  const read = new Set(fieldsRead(selection));
  const answered = completeAnswer(db, target, selection);
  const test = selectionTest(selection);
  const found: PublicationFacts[] = [];
  const unknown = new Set<FilterField>();
  let undetermined = 0;
  for (const row of rows) {
    const facts = factsOfRow(row.facts);
    const truth = test(facts) ?? answered?.(facts);
    if (truth === true) found.push(facts);
    else if (truth === undefined) {
      undetermined += 1;
      for (const field of read) if (facts[field] === undefined) unknown.add(field);
    }
  }
  found.sort(
    publicationComparator<PublicationFacts>(
      selection.order ?? DEFAULT_PUBLICATION_ORDER,
      (f, key) => (key === 'customer_id' ? ((f.customer_id as string | null | undefined) ?? null) : f[key]),
      (f) => f.id ?? '',
    ),
  );
  const ids = found.slice(offset, offset + limit).map((f) => f.id ?? '');
  return {
    items: itemsByIds(db, target, ids),
    total: found.length,
    offset,
    limit,
    undetermined,
    unknownFields: [...unknown],
    lastPull: listPulls(db, target, { kind: 'publications', limit: 1 })[0],
  };
}

/**
 * The newest complete pull of the same selection decides a publication the facts cannot: it is in
 * the answer when that pull returned it, and out of it when it existed then but was not returned.
 */
function completeAnswer(db: Reader, target: string, selection: PublicationSelection): ((facts: PublicationFacts) => Truth) | undefined {
  const pull = latestCompletePull(db, target, 'publications', selectionKey(selection));
  if (!pull) return undefined;
  const members = new Set(db.all<{ id: string }>('SELECT id FROM pull_members WHERE pull_id = ?', [pull.id]).map((r) => r.id));
  return (facts) => {
    if (facts.id !== null && members.has(facts.id)) return true;
    return facts.created_at !== null && Date.parse(facts.created_at) <= Date.parse(pull.startedAt) ? false : undefined;
  };
}

function itemsByIds(db: Reader, target: string, ids: readonly string[]): Publication[] {
  if (ids.length === 0) return [];
  const rows = db.all<{ id: string; json: string }>(`SELECT id, json FROM publications WHERE target = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    target,
    ...ids,
  ]);
  const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.json) as Publication]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
