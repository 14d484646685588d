import { fnv1a, secondHash } from './text-hash';

// A set of codes with the row each first appeared in, for ten million codes and more. The
// bookkeeping lives in typed arrays: a Map of a million strings would be traced by every major
// garbage collection, and a code cut from a parsed chunk can be a view that keeps the whole chunk
// alive. Both made checking duplicates cost more than parsing the file. The characters are kept
// in one growing Uint16Array, unless the codes are kept elsewhere anyway (a batch being imported is
// in its database): then the index keeps a second hash instead and reads a code back only when both
// hashes match, which for a new code happens about once in 2^64 / entries: 10,000,000 codes of 13
// characters then take about 180 MB rather than 520 MB.

type Typed = Int32Array | Uint32Array | Uint16Array;

function resized<T extends Typed>(array: T, length: number, make: (n: number) => T): T {
  const bigger = make(length);
  bigger.set(array.subarray(0, Math.min(array.length, length)));
  return bigger;
}

/** Doubled until it holds `atLeast`: growth one code at a time. */
function grown<T extends Typed>(array: T, atLeast: number, make: (n: number) => T): T {
  let length = array.length * 2;
  while (length < atLeast) length *= 2;
  return resized(array, length, make);
}

/** Slots in use stay under three quarters of the table, so a probe passes few others. */
const fits = (entries: number, slots: number): boolean => entries * 4 <= slots * 3;

export class CodeIndex {
  /** Open-addressing table of entry number + 1 (0 is an empty slot). */
  private slots = new Int32Array(1 << 12);
  private hashes = new Uint32Array(1 << 11);
  /** The second hash of each entry, when the characters are not kept. */
  private seconds: Uint32Array | undefined;
  private rows = new Int32Array(1 << 11);
  /** Where each entry's characters start in `chars`; entry i ends where entry i + 1 starts. */
  private starts = new Int32Array((1 << 11) + 1);
  private chars = new Uint16Array(1 << 15);
  private count = 0;

  /** `codeOf`: the code added with a row, read from where the codes are kept; the index then keeps none. */
  constructor(private readonly codeOf?: (row: number) => string) {
    if (codeOf) {
      this.seconds = new Uint32Array(this.hashes.length);
      this.starts = new Int32Array(1);
      this.chars = new Uint16Array(0);
    }
  }

  get size(): number {
    return this.count;
  }

  /** Characters of all codes held (none when they are kept elsewhere). */
  get charCount(): number {
    return this.seconds ? 0 : (this.starts[this.count] as number);
  }

  /** The row `code` was first added with, or -1 when it is new (it is then added with `row`). */
  firstRowOrAdd(code: string, row: number): number {
    const hash = fnv1a(code);
    const second = this.seconds ? secondHash(code) : 0;
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let entry = this.slots[slot] as number; entry !== 0; entry = this.slots[slot] as number) {
      if (this.hashes[entry - 1] === hash && this.holds(entry - 1, code, second)) return this.rows[entry - 1] as number;
      slot = (slot + 1) & mask;
    }
    this.add(code, row, hash, second, slot);
    return -1;
  }

  /** Makes room for `entries` codes of `chars` characters in all at once, instead of growing step by step. */
  reserve(entries: number, chars: number): void {
    if (entries + 1 > this.hashes.length) this.resizeEntries(entries + 1);
    if (!this.seconds && chars > this.chars.length) this.chars = resized(this.chars, chars, (n) => new Uint16Array(n));
    if (!fits(entries, this.slots.length)) this.rehash(entries);
  }

  private holds(entry: number, code: string, second: number): boolean {
    if (this.seconds) return this.seconds[entry] === second && (this.codeOf as (row: number) => string)(this.rows[entry] as number) === code;
    const start = this.starts[entry] as number;
    if ((this.starts[entry + 1] as number) - start !== code.length) return false;
    for (let i = 0; i < code.length; i++) if (this.chars[start + i] !== code.charCodeAt(i)) return false;
    return true;
  }

  private resizeEntries(length: number): void {
    this.hashes = resized(this.hashes, length, (n) => new Uint32Array(n));
    this.rows = resized(this.rows, length, (n) => new Int32Array(n));
    if (this.seconds) this.seconds = resized(this.seconds, length, (n) => new Uint32Array(n));
    else this.starts = resized(this.starts, length + 1, (n) => new Int32Array(n));
  }

  private add(code: string, row: number, hash: number, second: number, slot: number): void {
    const entry = this.count;
    if (entry + 1 === this.hashes.length) this.resizeEntries(this.hashes.length * 2);
    if (this.seconds) this.seconds[entry] = second;
    else {
      const start = this.starts[entry] as number;
      const end = start + code.length;
      if (end > this.chars.length) this.chars = grown(this.chars, end, (n) => new Uint16Array(n));
      for (let i = 0; i < code.length; i++) this.chars[start + i] = code.charCodeAt(i);
      this.starts[entry + 1] = end;
    }
    this.hashes[entry] = hash;
    this.rows[entry] = row;
    this.slots[slot] = entry + 1;
    this.count += 1;
    if (!fits(this.count, this.slots.length)) this.rehash(this.count);
  }

  /** A table twice as big, or big enough for `entries`. */
  private rehash(entries: number): void {
    let size = this.slots.length * 2;
    while (!fits(entries, size)) size *= 2;
    const slots = new Int32Array(size);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}
