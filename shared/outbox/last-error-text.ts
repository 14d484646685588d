// A request keeps its last error after it finishes, as history. Shown as a current error it would
// read as a failure (a "504" beside a request that is done), so both front ends word it by state.

export interface LastErrorFacts {
  name?: string;
  message: string;
  status?: number;
}

export type LastErrorNote = { resolved: boolean; text: string };

export function lastErrorNote(state: string, error: LastErrorFacts | null): LastErrorNote | undefined {
  if (!error) return undefined;
  const head = error.status ?? error.name;
  const text = head === undefined ? error.message : `${head}: ${error.message}`;
  return state === 'done' ? { resolved: true, text: `resolved, earlier ${text}` } : { resolved: false, text };
}
