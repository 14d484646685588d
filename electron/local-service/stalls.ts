/** Answers held back by the stall fault; closing the sandbox ends them at once instead of waiting. */
export class Stalls {
  private readonly held = new Set<() => void>();
  private closed = false;

  /** Resolves true after `ms`, or false as soon as the sandbox closes. */
  hold(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const release = (sent: boolean): void => {
        clearTimeout(timer);
        this.held.delete(end);
        resolve(sent);
      };
      const end = (): void => release(false);
      const timer = setTimeout(() => release(true), ms);
      this.held.add(end);
    });
  }

  endAll(): void {
    this.closed = true;
    for (const end of [...this.held]) end();
  }
}
