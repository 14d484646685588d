// Building blocks of the compact voucher table: millions of vouchers held as a few numbers each
// instead of one JS object (or one SQLite row) each. Every piece grows in fixed-size blocks, so
// growing never copies what is already held and never needs twice the memory for a moment.

const BLOCK_BITS = 16;
const BLOCK_SIZE = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK_SIZE - 1;

/** An array of unsigned 32-bit numbers in blocks of 65,536. */
export class U32Column {
  private readonly blocks: Uint32Array[] = [];

  get(index: number): number {
    return (this.blocks[index >>> BLOCK_BITS] as Uint32Array)[index & BLOCK_MASK] as number;
  }

  set(index: number, value: number): void {
    const block = index >>> BLOCK_BITS;
    while (this.blocks.length <= block) this.blocks.push(new Uint32Array(BLOCK_SIZE));
    (this.blocks[block] as Uint32Array)[index & BLOCK_MASK] = value;
  }
}

const CHUNK_BITS = 24;
const CHUNK_BYTES = 1 << CHUNK_BITS;
const MAX_CHUNKS = 256;

/**
 * Strings stored once as UTF-8 in 16 MiB chunks, each behind a length prefix; a string is known by
 * its 32-bit reference (chunk index, offset). Nothing is ever freed: the sandbox lives for a run.
 */
export class StringArena {
  private readonly chunks: Buffer[] = [];
  private used = CHUNK_BYTES;

  add(text: string): number {
    const length = Buffer.byteLength(text, 'utf8');
    const need = length + 5;
    if (need > CHUNK_BYTES) throw new Error(`a string of ${length} bytes is longer than the sandbox stores (at most ${CHUNK_BYTES - 5})`);
    if (this.used + need > CHUNK_BYTES) {
      if (this.chunks.length === MAX_CHUNKS) throw new Error(`the sandbox holds at most ${MAX_CHUNKS * 16} MiB of codes and ids`);
      this.chunks.push(Buffer.allocUnsafe(CHUNK_BYTES));
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1] as Buffer;
    const ref = (((this.chunks.length - 1) << CHUNK_BITS) | this.used) >>> 0;
    let at = this.used;
    // The length as a little-endian base-128 number: one byte for any code or id shorter than 128.
    let rest = length;
    while (rest >= 0x80) {
      chunk[at++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    chunk[at++] = rest;
    at += chunk.write(text, at, 'utf8');
    this.used = at;
    return ref;
  }

  get(ref: number): string {
    const chunk = this.chunks[ref >>> CHUNK_BITS] as Buffer;
    let at = ref & (CHUNK_BYTES - 1);
    let length = 0;
    let shift = 0;
    for (;;) {
      const byte = chunk[at++] as number;
      length |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
      shift += 7;
    }
    return chunk.toString('utf8', at, at + length);
  }
}

/** Values kept once and known by their number: imports repeat the same few over and over. */
export class InternPool {
  private readonly numbers = new Map<string, number>();
  private readonly values: string[] = [];

  constructor(first: string) {
    this.add(first);
  }

  add(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(value, n);
    }
    return n;
  }

  get(n: number): string {
    return this.values[n] as string;
  }
}
