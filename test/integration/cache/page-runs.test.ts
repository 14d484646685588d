import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../../electron/cache';
import { answerOf } from '../../../electron/cache/publication-answer';
import { orderOf, pageIds, sortSql } from '../../../electron/cache/publication-pages';
import type { StoreDatabase } from '../../../electron/store/database';
import { PUBLICATION_ORDERS } from '../../../shared/api';
import type { PublicationSelection } from '../../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { fillCache } from './fill';
import { extraPublications } from './history';
import { makeTempDir } from './temp';

// Everything, one result, and either of them narrowed: the day counts (or one index range a channel
// and result) count the answer, and a page of everything finds where the rows with the order's key
// end as it reads them (publication-pages.ts). Each page must equal the same rows sorted by SQLite, across
// that end, read from either end of the answer.

const TARGET = 'proj_page_runs';
let db: StoreDatabase;

beforeAll(async () => {
  db = await openCacheDatabase(join(makeTempDir(), 'cache'));
  // Failures have no voucher code and most publications no tracking id, so the run without the key
  // ends past the middle of some answers and before it in others: each is read from either end.
  const docs = extraPublications(300, 0, Date.UTC(2026, 0, 1));
  for (const [n, doc] of docs.entries()) if (n % 10 < 7) delete (doc.item as Record<string, unknown>).tracking_id;
  await fillCache(db, TARGET, docs);
});

afterAll(async () => {
  await db?.close();
});

const selections: PublicationSelection[] = [{}, { result: 'SUCCESS' }, { result: 'FAILURE' }];
const narrowings: HistoryNarrowing[] = [
  {},
  { channel: 'Email' },
  { from: '2026-01-01T10:00:00Z', to: '2026-01-02T12:00:00Z' },
  { channel: 'SMS', to: '2026-01-02T00:00:00Z' },
];

describe('pages counted by the day counts', () => {
  for (const selection of selections) {
    for (const narrowing of narrowings) {
      it(`equal SQLite's sort at every offset: ${JSON.stringify(selection)} within ${JSON.stringify(narrowing)}`, () => {
        for (const order of PUBLICATION_ORDERS) {
          const spec = orderOf(order);
          const { scope } = answerOf(db, TARGET, selection, narrowing, spec.key);
          const count = (test: string): number | undefined =>
            db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM publication_facts WHERE ${scope.where.sql} AND ${test}`, scope.where.params)?.n;
          expect(scope.matches, order).toBe(count('1'));
          // Everything in the narrowing: the keyed run is found while reading; one result: counted.
          if (selection.result === undefined) expect(scope.keyed, order).toBeUndefined();
          else expect(scope.keyed, order).toBe(count(`${spec.key} IS NOT NULL`));
          const sorted = sortSql(scope, spec, scope.matches, 0);
          const all = db.all<{ id: string }>(sorted.sql, sorted.params).map((r) => r.id);
          expect(all.length, order).toBeGreaterThan(3);
          // rows = matches makes every page a walk of the order's index rather than a sort.
          const walked = { ...scope, rows: scope.matches };
          for (let offset = 0; offset <= all.length; offset += 2) {
            expect(pageIds(db, walked, spec, offset, 4), `${order} at ${offset}`).toEqual(all.slice(offset, offset + 4));
          }
        }
      });
    }
  }
});
