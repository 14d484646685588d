import type { PublicationDoc } from '../../electron/local-service/publication-doc';
import { extraPublications } from '../integration/cache/history';

/**
 * A history over the eight months before `now`: three runs a month (from the 3rd, 12th and 21st),
 * each of `perRun` publications over 45 hours, in every variant, channel and failure code.
 */
export function monthsOfHistory(now: number, perRun: number): PublicationDoc[] {
  const at = new Date(now);
  const docs: PublicationDoc[] = [];
  let start = 0;
  for (let month = 0; month < 8; month += 1) {
    for (const day of [3, 12, 21]) {
      const from = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - month, day, 7);
      if (from + 45 * 3_600_000 > now) continue;
      docs.push(...extraPublications(perRun, start, from));
      start += perRun;
    }
  }
  return docs;
}

/** Reads instants on the wall clock of one time zone: `YYYY-MM-DD` and `YYYY-MM`. */
export function wallClock(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const day = (ms: number): string => format.format(ms);
  return { day, month: (ms: number): string => day(ms).slice(0, 7) };
}

/** The month before the one `now` falls in, on that zone's calendar, as `YYYY-MM`. */
export function previousMonth(now: number, timeZone: string): string {
  const [y = 0, m = 1] = wallClock(timeZone).month(now).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export interface Tally {
  total: number;
  SUCCESS: number;
  FAILURE: number;
}

/** Publications counted by a key (a month, a day), with their results. */
export function tallyBy(docs: readonly PublicationDoc[], key: (doc: PublicationDoc) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const doc of docs) {
    const k = key(doc);
    const t = out.get(k) ?? { total: 0, SUCCESS: 0, FAILURE: 0 };
    t.total += 1;
    t[doc.facts.result] += 1;
    out.set(k, t);
  }
  return out;
}
