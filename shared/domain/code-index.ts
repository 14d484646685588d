// A set of codes with the row each first appeared in, for a million codes and more. The characters
// are copied into one growing Uint16Array and the bookkeeping lives in typed arrays: a Map of a
// million strings would be traced by every major garbage collection, and a code cut from a parsed
// chunk can be a view that keeps the whole chunk alive. Both made checking duplicates cost more
// than parsing the file.

function hashOf(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function grown<T extends Int32Array | Uint32Array | Uint16Array>(array: T, atLeast: number, make: (n: number) => T): T {
  let length = array.length * 2;
  while (length < atLeast) length *= 2;
  const bigger = make(length);
  bigger.set(array);
  return bigger;
}

export class CodeIndex {
  /** Open-addressing table of entry number + 1 (0 is an empty slot). */
  private slots = new Int32Array(1 << 12);
  private hashes = new Uint32Array(1 << 11);
  private rows = new Int32Array(1 << 11);
  /** Where each entry's characters start in `chars`; entry i ends where entry i + 1 starts. */
  private starts = new Int32Array((1 << 11) + 1);
  private chars = new Uint16Array(1 << 15);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Characters of all codes held. */
  get charCount(): number {
    return this.starts[this.count] as number;
  }

  /** The row `code` was first added with, or -1 when it is new (it is then added with `row`). */
  firstRowOrAdd(code: string, row: number): number {
    const hash = hashOf(code);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let entry = this.slots[slot] as number; entry !== 0; entry = this.slots[slot] as number) {
      if (this.hashes[entry - 1] === hash && this.equals(entry - 1, code)) return this.rows[entry - 1] as number;
      slot = (slot + 1) & mask;
    }
    this.add(code, row, hash, slot);
    return -1;
  }

  /** Makes room for `entries` codes of `chars` characters in all at once, instead of growing step by step. */
  reserve(entries: number, chars: number): void {
    if (entries + 1 > this.hashes.length) {
      this.hashes = grown(this.hashes, entries + 1, (n) => new Uint32Array(n));
      this.rows = grown(this.rows, entries + 1, (n) => new Int32Array(n));
      this.starts = grown(this.starts, entries + 2, (n) => new Int32Array(n));
    }
    if (chars > this.chars.length) this.chars = grown(this.chars, chars, (n) => new Uint16Array(n));
    if (entries * 2 > this.slots.length) this.rehash(entries * 2);
  }

  private equals(entry: number, code: string): boolean {
    const start = this.starts[entry] as number;
    if ((this.starts[entry + 1] as number) - start !== code.length) return false;
    for (let i = 0; i < code.length; i++) if (this.chars[start + i] !== code.charCodeAt(i)) return false;
    return true;
  }

  private add(code: string, row: number, hash: number, slot: number): void {
    const entry = this.count;
    if (entry + 1 === this.hashes.length) {
      this.hashes = grown(this.hashes, 0, (n) => new Uint32Array(n));
      this.rows = grown(this.rows, 0, (n) => new Int32Array(n));
      this.starts = grown(this.starts, 0, (n) => new Int32Array(n));
    }
    const start = this.starts[entry] as number;
    const end = start + code.length;
    if (end > this.chars.length) this.chars = grown(this.chars, end, (n) => new Uint16Array(n));
    for (let i = 0; i < code.length; i++) this.chars[start + i] = code.charCodeAt(i);
    this.starts[entry + 1] = end;
    this.hashes[entry] = hash;
    this.rows[entry] = row;
    this.slots[slot] = entry + 1;
    this.count += 1;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash(atLeast = 0): void {
    let size = this.slots.length * 2;
    while (size < atLeast) size *= 2;
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
