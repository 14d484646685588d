import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPulls, openCacheDatabase, pullPublications } from '../../../electron/cache';
import type { PublicationDoc } from '../../../electron/local-service/publication-doc';
import type { RunningSandbox } from '../../../electron/local-service/server';
import type { StoreDatabase } from '../../../electron/store/database';
import { ServiceError, type VoucherClient } from '../../../shared/api';
import { clientOf, extraPublications, putPublications, sandboxOn } from './history';
import { makeTempDir } from './temp';

const dir = makeTempDir();
const open: { sb?: RunningSandbox } = {};
async function stopSandbox(): Promise<void> {
  const sb = open.sb;
  open.sb = undefined;
  await sb?.close();
}
afterAll(stopSandbox);

/** A sandbox on its own data file with `docs` besides the seed, restartable on the same port (the same target). */
async function history(name: string, docs: readonly PublicationDoc[]) {
  const dataFile = join(dir, `${name}.sqlite`);
  await (await sandboxOn(dataFile)).close();
  await putPublications(dataFile, docs);
  open.sb = await sandboxOn(dataFile);
  const port = Number(new URL(open.sb.urls[open.sb.hostCluster]).port);
  return {
    client: (): VoucherClient => clientOf(open.sb as RunningSandbox, { retry: { maxAttempts: 1 } }),
    listRequests: (): number => (open.sb as RunningSandbox).requestLog().filter((r) => r.path === '/v1/publications').length,
    /** Stops the sandbox, writes more publications into its data, and starts it again. */
    async add(more: readonly PublicationDoc[]): Promise<void> {
      await stopSandbox();
      await putPublications(dataFile, more);
      open.sb = await sandboxOn(dataFile, port);
    },
  };
}

/** Runs `fn` against a sandbox holding `docs` and a fresh cache, closing both afterwards. */
async function scenario(name: string, docs: readonly PublicationDoc[], fn: (h: Awaited<ReturnType<typeof history>>, db: StoreDatabase) => Promise<void>) {
  const h = await history(name, docs);
  const db = await openCacheDatabase(join(dir, `${name}-cache`));
  try {
    await fn(h, db);
  } finally {
    await db.close();
    await stopSandbox();
  }
}

/** Every publication id the sandbox lists, newest first. */
async function sandboxIds(client: VoucherClient): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const list = await client.listPublications({ page, limit: 100 });
    ids.push(...list.items.map((p) => p.id));
    if (list.items.length < 100) return ids.sort();
  }
}

const cachedIds = (db: StoreDatabase, target: string): string[] =>
  db.all<{ id: string }>('SELECT id FROM publications WHERE target = ? ORDER BY id', [target]).map((r) => r.id);

const later = (docs: PublicationDoc[], at: string): PublicationDoc[] => docs.map((d) => ({ ...d, item: { ...d.item, created_at: at } }));

describe('incremental publication pulls', () => {
  it('read only the new publications at the top, in at most 3 requests for 100 new, and a full pull reads everything again', async () => {
    await scenario('top', extraPublications(1000), async (h, db) => {
      const first = await pullPublications(db, h.client());
      expect(first).toMatchObject({ mode: 'full', items: 1030, added: 1030, requests: 11, complete: true });

      await h.add(extraPublications(100, 1000, Date.UTC(2026, 0, 1)));
      const before = h.listRequests();
      const progress: number[] = [];
      const next = await pullPublications(db, h.client(), {}, { onPullProgress: (p) => progress.push(p.added) });
      expect(h.listRequests() - before).toBe(next.requests);
      expect(next.requests).toBeLessThanOrEqual(3);
      expect(next).toMatchObject({ mode: 'incremental', added: 100, complete: true, resumed: false });
      expect(progress.at(-1)).toBe(100);
      expect(cachedIds(db, h.client().baseUrl)).toEqual(await sandboxIds(h.client()));

      const running = pullPublications(db, h.client());
      await expect(pullPublications(db, h.client())).rejects.toThrow(/already running; wait for it to finish/);
      expect(await running).toMatchObject({ mode: 'incremental', added: 0, requests: 1, resumed: false });

      const full = await pullPublications(db, h.client(), {}, { mode: 'full' });
      expect(full).toMatchObject({ mode: 'full', items: 1130, added: 0, requests: 12 });
      expect(listPulls(db, h.client().baseUrl).map((p) => p.status)).toEqual(['done', 'done', 'done', 'done']);
    });
  });

  it('stores each page as a journal line, not a save of the whole cache file, and keeps every page after a reopen', async () => {
    const cacheDir = join(dir, 'lines-cache');
    const generation = (): number =>
      (JSON.parse(readFileSync(join(cacheDir, 'cache.manifest.json'), 'utf8')) as { manifest: { current: { generation: number } } }).manifest.current
        .generation;
    // Items with 2 KB of metadata, as real ones often carry: a page's statements then pass 256 KB.
    const docs = extraPublications(470).map((doc) => ({ ...doc, item: { ...doc.item, metadata: { note: `${doc.item.id} `.repeat(130) } } }));
    await scenario('lines', docs, async (h, db) => {
      const before = generation();
      const pull = await pullPublications(db, h.client(), {}, { mode: 'full' });
      expect(pull.pages).toBe(5);
      // A save every page would make 5; the rule that saves within 5 s of a change may make one.
      expect(generation() - before).toBeLessThanOrEqual(1);
      expect(db.files().journalBytes).toBeGreaterThan(0);
    });
    const again = await openCacheDatabase(cacheDir);
    try {
      expect(again.get<{ n: number }>('SELECT COUNT(*) AS n FROM publications')?.n).toBe(500);
    } finally {
      await again.close();
    }
  });

  it('finds publications created at the same instant as the newest one it knew', async () => {
    await scenario('ties', extraPublications(250), async (h, db) => {
      await pullPublications(db, h.client());
      const [newest] = (await h.client().listPublications({ limit: 1 })).items;
      const tied = later(extraPublications(3, 5000), newest?.created_at ?? '');
      await h.add(tied);
      const summary = await pullPublications(db, h.client());
      expect(summary).toMatchObject({ mode: 'incremental', added: 3 });
      expect(cachedIds(db, h.client().baseUrl)).toEqual(await sandboxIds(h.client()));
    });
  });

  it('carries on a full pull that a fault stopped from the page it reached, in the same pull record', async () => {
    await scenario('resume-full', extraPublications(970), async (h, db) => {
      const failOnPage = 5;
      const stopped = pullPublications(
        db,
        h.client(),
        {},
        { onProgress: (p) => p.page === failOnPage - 1 && open.sb?.setFaults({ failNext: { count: 1, status: 503 } }) },
      );
      await expect(stopped).rejects.toBeInstanceOf(ServiceError);
      const [failed] = listPulls(db, h.client().baseUrl);
      expect(failed).toMatchObject({ status: 'failed', pages: failOnPage - 1, items: (failOnPage - 1) * 100 });

      const before = h.listRequests();
      const resumed = await pullPublications(db, h.client());
      expect(resumed).toMatchObject({ pullId: failed?.id, resumed: true, mode: 'full', complete: true, requests: 10 - (failOnPage - 1) });
      expect(h.listRequests() - before).toBe(resumed.requests);
      expect(listPulls(db, h.client().baseUrl)).toMatchObject([{ id: failed?.id, status: 'done', pages: 10, items: 1000 }]);
      expect(cachedIds(db, h.client().baseUrl)).toEqual(await sandboxIds(h.client()));
    });
  });

  it('carries on an incremental pull mid-list, and reads the top again when publications arrived meanwhile', async () => {
    await scenario('resume-top', extraPublications(300), async (h, db) => {
      await pullPublications(db, h.client());
      await h.add(extraPublications(600, 1000, Date.UTC(2026, 0, 1)));
      const stopped = pullPublications(db, h.client(), {}, { onProgress: (p) => p.page === 2 && open.sb?.setFaults({ failNext: { count: 1, status: 503 } }) });
      await expect(stopped).rejects.toBeInstanceOf(ServiceError);
      await h.add(extraPublications(30, 3000, Date.UTC(2026, 6, 1)));

      const before = h.listRequests();
      const resumed = await pullPublications(db, h.client());
      // Pages 3 to 7 of the 630 new ones (the last reaches the known history), then the top again down to where it began.
      expect(resumed).toMatchObject({ resumed: true, mode: 'incremental', complete: true, requests: 6 });
      expect(h.listRequests() - before).toBe(6);
      expect(cachedIds(db, h.client().baseUrl)).toEqual(await sandboxIds(h.client()));
      expect(await pullPublications(db, h.client())).toMatchObject({ added: 0, requests: 1 });
    });
  });
});
