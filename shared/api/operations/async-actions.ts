import { z } from 'zod';
import { readList, type ListEnvelope } from '../list';
import { queryPair, segment } from '../paths';
import { readAnswer } from '../response-check';
import { LIMIT_MAX, LIMIT_MIN, checkInteger, checkIsoDate, checkKnownKeys } from '../query-checks';
import type { RequestLabel } from '../errors';
import type { Answer, Transport } from '../transport';

/** What bulk operations answer (spec 2.12). */
export interface AsyncActionRef {
  async_action_id: string;
}

export const ASYNC_ACTION_STATUSES = ['ENQUEUED', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type AsyncActionStatus = (typeof ASYNC_ACTION_STATUSES)[number];

export interface ImportFailure {
  code: string;
  reason?: string;
  /** CSV imports: the data row, not counting the header. */
  row?: number;
}

/** The `result` of VOUCHERS.IMPORT and VOUCHERS.IMPORT_CSV. */
export interface ImportResult {
  message?: string;
  failed?: ImportFailure[];
  done_count?: number;
  failed_count?: number;
}

export interface AsyncAction {
  id: string;
  type?: string;
  /** One of ASYNC_ACTION_STATUSES on today's service; kept as text so a new status does not break reads. */
  status: string;
  operation_status?: string;
  created_at?: string;
  updated_at?: string;
  request_id?: string;
  processing_time?: number;
  progress?: number;
  object?: string;
  result?: ImportResult & Record<string, unknown>;
}

const refSchema = z.looseObject({ async_action_id: z.string().min(1) });
const actionSchema = z.looseObject({ id: z.string(), status: z.string() });

/** Reads the `{ async_action_id }` answer of a bulk operation. */
export function readAsyncActionRef(answer: Answer, label: RequestLabel): AsyncActionRef {
  const ref = readAnswer<AsyncActionRef>(refSchema, answer, label);
  return { async_action_id: ref.async_action_id };
}

/** Whether the job has stopped changing. */
export function isFinished(action: AsyncAction): boolean {
  return action.status === 'DONE' || action.status === 'FAILED';
}

/** GET /v1/async-actions/{asyncActionId}. */
export async function getAsyncAction(transport: Transport, id: string): Promise<AsyncAction> {
  const path = `/v1/async-actions/${segment(id, 'asyncActionId')}`;
  const answer = await transport.send({ method: 'GET', path, scope: 'async-actions' });
  return readAnswer<AsyncAction>(actionSchema, answer, { method: 'GET', path });
}

export interface AsyncActionsQuery {
  limit?: number;
  /** Only actions created before this ISO 8601 date or date-time. */
  end_date?: string;
}

const LIST_PATH = '/v1/async-actions';

/** GET /v1/async-actions: recent jobs, the way to find one again whose id was lost. */
export async function listAsyncActions(transport: Transport, query: AsyncActionsQuery = {}): Promise<ListEnvelope<AsyncAction>> {
  checkKnownKeys('query', query, ['limit', 'end_date']);
  const pairs: string[] = [];
  if (query.limit !== undefined) pairs.push(queryPair('limit', checkInteger('limit', query.limit, LIMIT_MIN, LIMIT_MAX)));
  if (query.end_date !== undefined) pairs.push(queryPair('end_date', checkIsoDate('end_date', query.end_date)));
  const answer = await transport.send({ method: 'GET', path: LIST_PATH, query: pairs.join('&'), scope: 'async-actions' });
  return readList<AsyncAction>(answer, { method: 'GET', path: LIST_PATH }, 'async_actions', actionSchema);
}
