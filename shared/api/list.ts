import { z } from 'zod';
import type { RequestLabel } from './errors';
import { readAnswer } from './response-check';
import type { Answer } from './transport';

/** A list answer (spec 2.1) with its items under `items`, whatever attribute `data_ref` named. */
export interface ListEnvelope<T> {
  object: string;
  data_ref: string;
  /** Items in the whole list across pages (spec 2.1). */
  total: number;
  items: T[];
}

const envelope = z.looseObject({
  object: z.string().optional(),
  data_ref: z.string().optional(),
  total: z.number().int().min(0).optional(),
});

export function readList<T>(answer: Answer, label: RequestLabel, expectedRef: string, item: z.ZodType<unknown>): ListEnvelope<T> {
  const head = readAnswer<z.infer<typeof envelope>>(envelope, answer, label);
  const ref = head.data_ref ?? expectedRef;
  const body = readAnswer<Record<string, T[]>>(z.looseObject({ [ref]: z.array(item) }), answer, label);
  return {
    object: head.object ?? 'list',
    data_ref: ref,
    // Lists without a total (recent async actions) hold all their items on the one page.
    total: head.total ?? body[ref]?.length ?? 0,
    items: body[ref] ?? [],
  };
}
