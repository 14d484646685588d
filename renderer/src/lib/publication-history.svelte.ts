import type { Bridge } from '../../../shared/ipc/bridge';
import type {
  HistoryBucketSize,
  HistoryNarrowing,
  PublicationPullMode,
  PublicationPullProgress,
  PublicationStats,
} from '../../../shared/ipc/publication-history';
import { toShownError, type ShownError } from './errors';
import { narrowingOf, presetRange, RANGE_PRESETS, type DayRange, type RangePreset } from './history-range';

/**
 * The dashboard's state: the range and channel it looks at, the cache's numbers for them, and a
 * running pull. Reading never touches the network; only `pull` does.
 */
export class PublicationHistory {
  preset = $state<RangePreset>('all');
  range = $state<DayRange>({ from: '', to: '' });
  channel = $state('');
  by = $state<HistoryBucketSize>('month');
  stackBy = $state<'result' | 'channel'>('result');
  stats = $state<PublicationStats | undefined>();
  loading = $state(false);
  error = $state<ShownError | undefined>();
  pulling = $state<PublicationPullMode | undefined>();
  progress = $state<PublicationPullProgress | undefined>();
  status = $state('');
  /** Channels seen over the whole range, kept while one channel is chosen so the choice can be undone. */
  knownChannels = $state<string[]>([]);
  readonly timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  private asked = 0;

  constructor(private readonly bridge: Bridge) {}

  narrowing(): HistoryNarrowing {
    return { ...narrowingOf(this.range), ...(this.channel && { channel: this.channel }) };
  }

  choose(preset: Exclude<RangePreset, 'custom'>, now = Date.now()): Promise<void> {
    this.preset = preset;
    this.range = presetRange(preset, now);
    this.by = RANGE_PRESETS.find((p) => p.id === preset)?.by ?? 'month';
    return this.load();
  }

  setDays(range: DayRange): Promise<void> {
    this.preset = 'custom';
    this.range = range;
    return this.load();
  }

  async load(): Promise<void> {
    const asked = ++this.asked;
    this.loading = true;
    this.error = undefined;
    try {
      const stats = await this.bridge.invoke('publications.stats', { selection: {}, narrowing: this.narrowing(), by: this.by, timeZone: this.timeZone });
      // A slower answer to an earlier choice must not overwrite the answer to the latest one.
      if (asked !== this.asked) return;
      this.stats = stats;
      if (!this.channel) this.knownChannels = stats.channels.map((c) => c.channel);
    } catch (e) {
      if (asked !== this.asked) return;
      this.stats = undefined;
      this.error = toShownError(e);
    } finally {
      if (asked === this.asked) this.loading = false;
    }
  }

  async pull(mode: PublicationPullMode): Promise<void> {
    this.pulling = mode;
    this.progress = undefined;
    this.error = undefined;
    this.status = mode === 'full' ? 'Reading the whole history again…' : 'Pulling new publications…';
    const stop = this.bridge.on('publications.pullProgress', (progress) => (this.progress = progress));
    try {
      const pulled = await this.bridge.invoke('publications.pull', { selection: {}, mode });
      const requests = `${pulled.requests.toLocaleString()} request${pulled.requests === 1 ? '' : 's'}`;
      this.status = `${mode === 'full' ? 'Full refresh' : 'Pull'} done: ${pulled.added.toLocaleString()} new of ${pulled.items.toLocaleString()} read, in ${requests}${pulled.complete ? '' : ` (partial: ${pulled.notice ?? 'narrow the pull'})`}.`;
      await this.load();
    } catch (e) {
      this.status = 'Pulling from the service failed; the offline cache keeps what it had.';
      this.error = toShownError(e);
    } finally {
      stop();
      this.pulling = undefined;
      this.progress = undefined;
    }
  }
}
