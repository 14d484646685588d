// A set of codes with the row each first appeared in, for a million codes and more. Codes are kept
// in typed arrays and a few large joined strings instead of a Map of a million small strings: the
// garbage collector would otherwise trace every one of them on each major collection, which made
// checking duplicates cost more than parsing the file.

const BLOCK_SHIFT = 12;
const BLOCK_SIZE = 1 << BLOCK_SHIFT;

function hashOf(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function grown<T extends Int32Array | Uint32Array>(array: T, make: (n: number) => T): T {
  const bigger = make(array.length * 2);
  bigger.set(array);
  return bigger;
}

export class CodeIndex {
  /** Open-addressing table of entry number + 1 (0 is an empty slot). */
  private slots = new Int32Array(1 << 12);
  private hashes = new Uint32Array(1 << 11);
  private rows = new Int32Array(1 << 11);
  private starts = new Int32Array(1 << 11);
  private lengths = new Int32Array(1 << 11);
  /** Codes of full blocks, each block's codes joined into one string. */
  private blocks: string[] = [];
  /** Codes of the block being filled; joined into `blocks` when it is full. */
  private open: string[] = [];
  private openLength = 0;
  private count = 0;

  get size(): number {
    return this.count;
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

  private equals(entry: number, code: string): boolean {
    if (this.lengths[entry] !== code.length) return false;
    const block = entry >> BLOCK_SHIFT;
    if (block === this.blocks.length) return this.open[entry & (BLOCK_SIZE - 1)] === code;
    return (this.blocks[block] as string).startsWith(code, this.starts[entry]);
  }

  private add(code: string, row: number, hash: number, slot: number): void {
    const entry = this.count;
    if (entry === this.hashes.length) {
      this.hashes = grown(this.hashes, (n) => new Uint32Array(n));
      this.rows = grown(this.rows, (n) => new Int32Array(n));
      this.starts = grown(this.starts, (n) => new Int32Array(n));
      this.lengths = grown(this.lengths, (n) => new Int32Array(n));
    }
    this.hashes[entry] = hash;
    this.rows[entry] = row;
    this.starts[entry] = this.openLength;
    this.lengths[entry] = code.length;
    this.open.push(code);
    this.openLength += code.length;
    if (this.open.length === BLOCK_SIZE) {
      this.blocks.push(this.open.join(''));
      this.open = [];
      this.openLength = 0;
    }
    this.slots[slot] = entry + 1;
    this.count += 1;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}
