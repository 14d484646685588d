import type { SandboxRequestRecord } from './types';

export const REQUEST_LOG_CAPACITY = 200_000;

/** The last `capacity` API requests, kept in a ring so a long soak costs constant work per request. */
export class RequestLog {
  private readonly ring: SandboxRequestRecord[] = [];
  private next = 0;
  private seq = 0;

  constructor(private readonly capacity = REQUEST_LOG_CAPACITY) {}

  /** Numbers a request on arrival and notes when it came, on the machine's clock. */
  arrive(): Pick<SandboxRequestRecord, 'seq' | 'receivedAtMs'> {
    this.seq += 1;
    return { seq: this.seq, receivedAtMs: Date.now() };
  }

  add(record: SandboxRequestRecord): void {
    if (this.ring.length < this.capacity) {
      this.ring.push(record);
      return;
    }
    this.ring[this.next] = record;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Copies, oldest answer first. */
  records(): SandboxRequestRecord[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)].map((r) => ({ ...r }));
  }
}
