import { ExportParameterProblem, exportParametersJson, readExportParameters, type ExportSelection } from '../../../shared/api/export-parameters';
import { ApiError, invalidParam, invalidPayload, notFound, unauthorized } from '../errors';
import type { ExportObject } from '../export-store';
import { parseJsonBody } from '../http';
import { pageOf, parseLimit, parsePage } from '../paging';
import type { RequestContext, Route } from '../router';

/** What the service exports (OpenAPI ExportsCreateRequestBody); the sandbox makes publication files only. */
const EXPORTED_OBJECTS = ['voucher', 'redemption', 'customer', 'publication', 'order', 'points_expiration', 'voucher_transactions'];
const LIST_ORDERS = ['created_at', '-created_at', 'status', '-status'];

/** The request's parameters as read; a bad field is `invalid_export_fields`, anything else `invalid_payload`. */
function selectionOf(parameters: unknown): ExportSelection {
  try {
    return readExportParameters(parameters);
  } catch (error) {
    if (!(error instanceof ExportParameterProblem)) throw error;
    if (error.parameter.startsWith('parameters.fields')) {
      throw new ApiError(400, { key: 'invalid_export_fields', message: 'Invalid Export', details: `Unsupported field used. ${error.message}` });
    }
    throw invalidPayload(error.message);
  }
}

function exportOf(ctx: RequestContext): ExportObject {
  const id = ctx.params.id ?? '';
  const found = ctx.state.exports.get(id);
  if (!found) throw notFound('export', id);
  return found;
}

function listOrdered(exports: ExportObject[], order: string): ExportObject[] {
  const key = order.replace(/^-/, '') as 'created_at' | 'status';
  const sign = order.startsWith('-') ? -1 : 1;
  // Creation order breaks ties, so exports made in the same millisecond keep a stable place.
  return exports
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e[key] < b.e[key] ? -sign : a.e[key] > b.e[key] ? sign : (a.i - b.i) * sign))
    .map(({ e }) => e);
}

/** The export operations on the API clusters (scope `exports`). */
export const exportRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/exports',
    auth: 'any',
    scope: 'exports',
    handle(ctx) {
      const body = parseJsonBody(ctx.body, ctx.headers['content-type']);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidPayload('The request body must be a JSON object.');
      const { exported_object: exported, parameters, ...rest } = body as Record<string, unknown>;
      const unknown = Object.keys(rest);
      if (unknown.length > 0) throw invalidPayload(`Unknown property .${unknown[0]}; allowed: exported_object, parameters.`);
      if (typeof exported !== 'string' || !EXPORTED_OBJECTS.includes(exported)) {
        throw invalidPayload(`Property .exported_object should be equal to one of the allowed values [ ${EXPORTED_OBJECTS.join(', ')} ]`);
      }
      if (exported !== 'publication') throw invalidPayload(`The sandbox exports publications only, not ${exported}.`);
      const selection = selectionOf(parameters);
      const created = ctx.state.exports.create(selection, exportParametersJson(selection), {
        downloadBase: ctx.downloadBase,
        fail: ctx.faults.takeExportFailure(),
      });
      return { status: 200, body: created };
    },
  },
  {
    method: 'GET',
    path: '/v1/exports/:id',
    auth: 'any',
    scope: 'exports',
    handle: (ctx) => ({ status: 200, body: exportOf(ctx) }),
  },
  {
    method: 'GET',
    path: '/v1/exports',
    auth: 'any',
    scope: 'exports',
    handle(ctx) {
      const limit = parseLimit(ctx.query);
      const page = parsePage(ctx.query);
      const order = ctx.query.get('order') ?? '-created_at';
      if (!LIST_ORDERS.includes(order)) throw invalidParam(`order must be one of ${LIST_ORDERS.join(', ')}, got ${JSON.stringify(order)}.`);
      const all = listOrdered(ctx.state.exports.list(), order);
      return { status: 200, body: { object: 'list', data_ref: 'exports', exports: pageOf(all, limit, page), total: all.length } };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/exports/:id',
    auth: 'any',
    scope: 'exports',
    handle(ctx) {
      const id = ctx.params.id ?? '';
      if (!ctx.state.exports.delete(id)) throw notFound('export', id);
      return { status: 204 };
    },
  },
];

/** The one operation of the download clusters: an export's file, for its token and the usual credentials. */
export const downloadRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/exports/:id',
    auth: 'any',
    scope: 'exports',
    handle(ctx) {
      const id = ctx.params.id ?? '';
      const file = ctx.state.exports.file(id, ctx.query.get('token'));
      if (file === 'no-export') throw notFound('export', id);
      if (file === 'bad-token') throw unauthorized("The token does not belong to this export's file.");
      const cut = ctx.faults.takeDownloadCut();
      return {
        status: 200,
        file: { contentType: 'text/plain; charset=utf-8', byteLength: file.byteLength, chunks: () => file.chunks() },
        ...(cut !== undefined && { cutAfterBytes: cut }),
      };
    },
  },
];
