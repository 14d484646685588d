/** Milliseconds since the epoch; the sandbox's manual clock has the same shape, so tests share one. */
export interface Clock {
  now(): number;
}

export type Sleep = (ms: number) => Promise<void>;

export const systemClock: Clock = { now: () => Date.now() };

export const realSleep: Sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, Math.max(0, ms));
  });
