import { shownTime } from './date-time';
import { toShownError, type ShownError } from './errors';

interface CachedPage {
  total: number;
  items: Record<string, unknown>[];
  lastPullAt: string | null;
}
interface PullAnswer {
  items: number;
  total: number;
  notice?: string;
}

/**
 * A list the views read from the offline cache a page at a time, and fill from the service on
 * request (stacks, rewards). Reading never touches the network; a failed fetch leaves the cache and
 * the rows as they were and says so.
 */
export class CachedList {
  items = $state<Record<string, unknown>[]>([]);
  /** Undefined until the cache has answered once: the view then says what to do first. */
  total = $state<number | undefined>();
  page = $state(1);
  status = $state('');
  busy = $state(false);
  error = $state<ShownError | undefined>();

  constructor(
    private readonly noun: string,
    private readonly read: (page: number) => Promise<CachedPage>,
    private readonly pull: () => Promise<PullAnswer>,
  ) {}

  lastPage(limit: number, pageMax = Number.MAX_SAFE_INTEGER): number {
    return Math.min(pageMax, Math.max(1, Math.ceil((this.total ?? 0) / limit)));
  }

  async show(to: number): Promise<void> {
    this.error = undefined;
    try {
      const answer = await this.read(to);
      this.page = to;
      this.items = answer.items;
      this.total = answer.total;
      const when = shownTime(answer.lastPullAt);
      this.status = when
        ? `${answer.total.toLocaleString()} ${this.noun} in the offline cache (last fetched ${when.local}).`
        : `The offline cache holds no ${this.noun} for this project yet: fetch them from the service once while online.`;
    } catch (e) {
      this.items = [];
      this.total = undefined;
      this.status = 'Could not read the offline cache.';
      this.error = toShownError(e);
    }
  }

  async fetchFromService(): Promise<void> {
    this.error = undefined;
    this.busy = true;
    this.status = `Fetching ${this.noun} from the service…`;
    try {
      const pulled = await this.pull();
      await this.show(1);
      this.status = `Fetched ${pulled.items.toLocaleString()} of ${pulled.total.toLocaleString()} ${this.noun} into the offline cache${pulled.notice ? ` (${pulled.notice})` : ''}. ${this.status}`;
    } catch (e) {
      this.status = 'Fetching from the service failed; the offline cache is unchanged.';
      this.error = toShownError(e);
    } finally {
      this.busy = false;
    }
  }
}
