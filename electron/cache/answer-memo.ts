import type { PublicationOrderKey } from '../../shared/domain/publication-order';
import { selectionKey, type PublicationSelection } from '../../shared/domain/publication-query';
import type { HistoryNarrowing } from '../../shared/ipc/publication-history';
import type { CachedAnswer } from './publication-answer';

/** Answers kept at once: a few filters and orders a person pages through. */
const KEPT = 16;

/**
 * Counted offline answers kept until the cache's next commit, so that paging through one answer
 * counts it once: at a million publications a filter's count is a pass over every row (100-400 ms
 * in sql.js), where the page itself is a walk of 100 rows from the nearer end. Held by whoever
 * serves pages for as long as the cache is open (the app's and the web host's handlers).
 */
export class AnswerMemo {
  private commit = -1;
  private readonly answers = new Map<string, CachedAnswer>();

  /** `db`: the cache the answers are counted in; a cache opened anew needs a memo of its own. */
  constructor(readonly db: { readonly commitCount: number }) {}

  answer(
    what: { target: string; selection: PublicationSelection; narrowing: HistoryNarrowing; key: PublicationOrderKey },
    count: () => CachedAnswer,
  ): CachedAnswer {
    if (this.db.commitCount !== this.commit) {
      this.answers.clear();
      this.commit = this.db.commitCount;
    }
    const key = JSON.stringify([what.target, selectionKey(what.selection), what.narrowing.from, what.narrowing.to, what.narrowing.channel, what.key]);
    const kept = this.answers.get(key);
    if (kept) return kept;
    const counted = count();
    if (this.answers.size >= KEPT) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, counted);
    return counted;
  }
}
