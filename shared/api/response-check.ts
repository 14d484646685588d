import type { z } from 'zod';
import { UnexpectedResponseError, type RequestLabel } from './errors';
import type { Answer } from './transport';

/**
 * Tolerant reader: the schema names only the fields the client uses and lets every other field
 * through untouched, so new fields, another order or other id formats never break a call.
 */
export function readAnswer<T>(schema: z.ZodType<unknown>, answer: Answer, label: RequestLabel): T {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'body';
    throw new UnexpectedResponseError(label, `${where}: ${issue?.message ?? 'not the expected shape'}`, undefined);
  }
  // The checked fields are typed by the schema; the rest are declared optional in T.
  return parsed.data as T;
}
