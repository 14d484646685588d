import { z } from 'zod';
import {
  ExportFailedError,
  ExportTokenRejectedError,
  InvalidRequestError,
  ServiceError,
  TruncatedExportError,
  WrongRegionError,
  errorBodyOf,
  type RequestLabel,
} from '../errors';
import { exportTextProblem } from '../export-file';
import { ExportParameterProblem, exportParametersJson, readExportParameters, type PublicationExportParameters } from '../export-parameters';
import { readList, type ListEnvelope } from '../list';
import { queryPair, segment } from '../paths';
import { LIMIT_MAX, LIMIT_MIN, PAGE_MAX, checkEnum, checkInteger, checkKnownKeys } from '../query-checks';
import { readAnswer } from '../response-check';
import { checkDownloadUrl, type Target } from '../targets';
import type { FileSink, Transport } from '../transport';

/** A publication export to create (service-facts "Exports"); the client exports publications only. */
export interface CreateExportRequest {
  exported_object: 'publication';
  parameters?: PublicationExportParameters;
}

export const EXPORT_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'DONE', 'ERROR'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The export object. `status` is kept as text so a new status does not break reads. */
export interface ExportObject {
  id: string;
  object?: string;
  created_at?: string;
  status: string;
  channel?: string;
  exported_object?: string;
  parameters?: Record<string, unknown>;
  /** Null until the file is ready; then the download address with its token. */
  result?: { url?: string } | null;
  user_id?: string | null;
}

export const EXPORT_LIST_ORDERS = ['created_at', '-created_at', 'status', '-status'] as const;

export interface ExportsQuery {
  limit?: number;
  page?: number;
  order?: (typeof EXPORT_LIST_ORDERS)[number];
}

const exportSchema = z.looseObject({ id: z.string().min(1), status: z.string(), result: z.looseObject({ url: z.string().optional() }).nullish() });
const PATH = '/v1/exports';

/** The strict request body; throws InvalidRequestError naming the first bad parameter. */
export function exportBody(request: CreateExportRequest): Record<string, unknown> {
  checkKnownKeys('request', request, ['exported_object', 'parameters']);
  checkEnum('exported_object', request.exported_object, ['publication'] as const);
  try {
    return { exported_object: 'publication', parameters: exportParametersJson(readExportParameters(request.parameters)) };
  } catch (error) {
    if (error instanceof ExportParameterProblem) throw new InvalidRequestError(error.parameter, error.value, error.allowed);
    throw error;
  }
}

/** POST /v1/exports: schedules the export (status SCHEDULED). Never retried: each call makes one. */
export async function createExport(transport: Transport, request: CreateExportRequest): Promise<ExportObject> {
  const answer = await transport.send({ method: 'POST', path: PATH, body: { json: exportBody(request) }, scope: 'exports' });
  return readAnswer<ExportObject>(exportSchema, answer, { method: 'POST', path: PATH });
}

/** GET /v1/exports/{exportId}. */
export async function getExport(transport: Transport, id: string): Promise<ExportObject> {
  const path = `${PATH}/${segment(id, 'exportId')}`;
  const answer = await transport.send({ method: 'GET', path, scope: 'exports' });
  return readAnswer<ExportObject>(exportSchema, answer, { method: 'GET', path });
}

/** GET /v1/exports: one page of the project's exports. */
export async function listExports(transport: Transport, query: ExportsQuery = {}): Promise<ListEnvelope<ExportObject>> {
  checkKnownKeys('query', query, ['limit', 'page', 'order']);
  const pairs: string[] = [];
  if (query.limit !== undefined) pairs.push(queryPair('limit', checkInteger('limit', query.limit, LIMIT_MIN, LIMIT_MAX)));
  if (query.page !== undefined) pairs.push(queryPair('page', checkInteger('page', query.page, 1, PAGE_MAX)));
  if (query.order !== undefined) pairs.push(queryPair('order', checkEnum('order', query.order, EXPORT_LIST_ORDERS)));
  const answer = await transport.send({ method: 'GET', path: PATH, query: pairs.join('&'), scope: 'exports' });
  return readList<ExportObject>(answer, { method: 'GET', path: PATH }, 'exports', exportSchema);
}

/** DELETE /v1/exports/{exportId}; an export already gone (404) counts as deleted. */
export async function deleteExport(transport: Transport, id: string): Promise<void> {
  const path = `${PATH}/${segment(id, 'exportId')}`;
  try {
    await transport.send({ method: 'DELETE', path, scope: 'exports' });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404 && error.key === 'not_found') return;
    throw error;
  }
}

/** Sends the download of a DONE export; the token's refusal becomes ExportTokenRejectedError. */
async function fetchFile(
  transport: Transport,
  target: Target,
  exported: ExportObject,
  sink: FileSink | undefined,
): Promise<{ text: string; label: RequestLabel }> {
  if (exported.status === 'ERROR') throw new ExportFailedError(exported.id);
  if (exported.status !== 'DONE') throw new InvalidRequestError('export.status', exported.status, 'DONE (get the export until it is done)');
  const url = checkDownloadUrl(target, exported.result?.url);
  const label: RequestLabel = { method: 'GET', path: url.pathname };
  try {
    const spec = { method: 'GET', origin: url.origin, path: url.pathname, query: url.search.slice(1), scope: 'exports', file: true } as const;
    const answer = await transport.send(sink === undefined ? spec : { ...spec, sink });
    return { text: answer.text ?? '', label };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401 && !(error instanceof WrongRegionError)) {
      throw new ExportTokenRejectedError(error.status, errorBodyOf(error), label);
    }
    throw error;
  }
}

/**
 * The CSV text of a finished export, from its download address (`result.url`) with the usual
 * credentials. An export in ERROR throws ExportFailedError; a file cut short TruncatedExportError;
 * a refused file token ExportTokenRejectedError. The address must be the target's download address.
 */
export async function downloadExport(transport: Transport, target: Target, exported: ExportObject): Promise<string> {
  const { text, label } = await fetchFile(transport, target, exported, undefined);
  const problem = exportTextProblem(text);
  if (problem !== undefined) throw new TruncatedExportError(label, problem, new TextEncoder().encode(text).byteLength, undefined);
  return text;
}

/**
 * As downloadExport, but the text goes to `sink` piece by piece as it arrives (a large export is
 * never one string). The connection ending early or short of Content-Length throws
 * TruncatedExportError; whether the last line is whole is the sink's to judge (see exportTextProblem).
 */
export async function streamExport(transport: Transport, target: Target, exported: ExportObject, sink: FileSink): Promise<void> {
  await fetchFile(transport, target, exported, sink);
}
