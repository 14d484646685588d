import { invalidPayload, limitExceeded } from '../errors';
import { parseJsonBody } from '../http';
import { readImportItem } from '../import-item';
import { importWork } from '../import-job';
import type { Route } from '../router';
import { csvImport } from '../csv-import';

export const MAX_CODES_PER_IMPORT = 100_000;

export function tooManyCodes(count: number): never {
  throw limitExceeded(`The import holds ${count} codes; at most ${MAX_CODES_PER_IMPORT} codes are accepted per import.`);
}

export const importRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/vouchers/import',
    auth: 'any',
    scope: 'vouchers',
    handle(ctx) {
      const items = parseJsonBody(ctx.body, ctx.headers['content-type']);
      if (!Array.isArray(items)) throw invalidPayload('The body must be a JSON array of vouchers.');
      if (items.length === 0) throw invalidPayload('The array of vouchers is empty.');
      if (items.length > MAX_CODES_PER_IMPORT) tooManyCodes(items.length);
      const source = { count: items.length, rowAt: (i: number) => ({ outcome: readImportItem(items[i]) }) };
      const action = ctx.state.jobs.schedule('VOUCHERS.IMPORT', ctx.requestId, importWork(ctx.state, source, false));
      return { status: 202, body: { async_action_id: action.id } };
    },
  },
  {
    method: 'POST',
    path: '/v1/vouchers/importCSV',
    auth: 'any',
    scope: 'vouchers',
    handle(ctx) {
      const { source, webhooksEnable } = csvImport(ctx.headers['content-type'], ctx.body);
      if (source.count > MAX_CODES_PER_IMPORT) tooManyCodes(source.count);
      const work = importWork(ctx.state, source, true);
      const action = ctx.state.jobs.schedule('VOUCHERS.IMPORT_CSV', ctx.requestId, work);
      ctx.state.webhookImports.push({ asyncActionId: action.id, webhooksEnable });
      return { status: 202, body: { async_action_id: action.id } };
    },
  },
];
