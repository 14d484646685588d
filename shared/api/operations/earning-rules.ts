import { z } from 'zod';
import { segment } from '../paths';
import { readAnswer } from '../response-check';
import type { Transport } from '../transport';

/** The earning rule of spec 4.3 (beta: its fields may change, so only `id` is checked). */
export interface EarningRule {
  id: string;
  name?: string;
  status?: string;
  earnings?: Array<Record<string, unknown>>;
  trigger?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  created_at?: string;
  updated_at?: string;
  start_date?: string;
  end_date?: string;
  object?: string;
  error?: { message?: string };
  validity_hours?: Record<string, unknown>;
  trigger_limits?: Record<string, unknown>;
}

const earningRuleSchema = z.looseObject({ id: z.string() });

/** GET /v2/loyalties/earning-rules/{id}. */
export async function getEarningRule(transport: Transport, id: string): Promise<EarningRule> {
  const path = `/v2/loyalties/earning-rules/${segment(id, 'id')}`;
  const answer = await transport.send({ method: 'GET', path, scope: 'loyalties' });
  return readAnswer<EarningRule>(earningRuleSchema, answer, { method: 'GET', path });
}
