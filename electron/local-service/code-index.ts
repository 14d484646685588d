import { fnv1a } from '../../shared/domain/text-hash';
import { U32Column } from './compact-columns';

const MAX_LOAD = 0.7;

/**
 * Rows by code: open addressing over one Uint32Array (slot = row + 1, 0 empty) with each row's hash
 * kept beside it, so a look-up decodes a stored code only when the full hash already matches. A
 * V8 Map would cost several times as much per code and stops at 16.7 million entries.
 */
export class CodeIndex {
  private slots = new Uint32Array(1 << 16);
  private filled = 0;
  private readonly hashes = new U32Column();

  /**
   * @param codeAt the code of a row
   * @param isLive false for a removed row: it stays in the index, skipped, so rows never move
   */
  constructor(
    private readonly codeAt: (row: number) => string,
    private readonly isLive: (row: number) => boolean,
  ) {}

  /** The live row holding `code`, or -1. */
  find(code: string): number {
    const hash = fnv1a(code);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      const row = entry - 1;
      if (this.hashes.get(row) === hash && this.isLive(row) && this.codeAt(row) === code) return row;
    }
  }

  /** Indexes a new row; the caller has checked that no live row holds its code. */
  add(row: number, code: string): void {
    if (this.filled + 1 > this.slots.length * MAX_LOAD) this.grow();
    const hash = fnv1a(code);
    this.hashes.set(row, hash);
    this.place(row, hash);
    this.filled += 1;
  }

  private place(row: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = row + 1;
  }

  /** Doubles the slots; removed rows are left out, so deleting and importing again does not pile up. */
  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.filled = 0;
    for (const entry of old) {
      if (entry === 0 || !this.isLive(entry - 1)) continue;
      this.place(entry - 1, this.hashes.get(entry - 1));
      this.filled += 1;
    }
  }
}
