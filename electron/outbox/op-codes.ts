import { dependenciesOf } from '../../shared/outbox/dependencies';
import { BodyChangedError } from './bodies';
import type { Outbox } from './outbox';
import type { ChunkRecord } from './records';

/** The codes and batch rows one chunk carries (from its manifest file, or its own code). */
export function chunkCodes(outbox: Outbox, chunk: ChunkRecord): { codes: string[]; rows: (number | null)[] } {
  if (chunk.bodyFile !== null) {
    try {
      return outbox.bodies.manifest(chunk.bodyFile);
    } catch (error) {
      if (!(error instanceof BodyChangedError)) throw error;
      throw new BodyChangedError(error.file, error.problem, `${chunk.opId}, ${chunk.bodyFile.split('/')[0]}`);
    }
  }
  if (chunk.code !== null) return { codes: [chunk.code], rows: [chunk.rowNo] };
  return { codes: [], rows: [] };
}

/** Every code an operation touches; undefined for kinds without codes (rewards). */
export function operationCodes(outbox: Outbox, opId: number): Set<string> | undefined {
  const codes = new Set<string>();
  for (const chunk of outbox.chunks(opId)) for (const code of chunkCodes(outbox, chunk).codes) codes.add(code);
  return codes.size > 0 ? codes : undefined;
}

/** Open operations of the same project touching any of `codes`: the new operation waits for them (projects never share codes). */
export function openDependencies(outbox: Outbox, codes: Iterable<string>, project?: string): number[] {
  const open = outbox.operations({ open: true, project }).map((op) => ({ id: op.id, codes: operationCodes(outbox, op.id) }));
  return dependenciesOf(codes, open);
}
