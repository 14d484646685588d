import { invalidParam, notFound } from '../errors';
import type { Route } from '../router';
import { isoNow } from '../state';
import { voucherObject } from '../voucher-record';

export const voucherRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/vouchers/:code',
    auth: 'any',
    scope: 'vouchers',
    handle(ctx) {
      const code = ctx.params.code ?? '';
      const voucher = ctx.state.vouchers.get(code);
      if (!voucher) throw notFound('voucher', code);
      return { status: 200, body: voucherObject(voucher) };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/vouchers/:code',
    auth: 'any',
    scope: 'vouchers',
    handle(ctx) {
      const code = ctx.params.code ?? '';
      const force = ctx.query.get('force');
      if (force !== null && force !== 'true' && force !== 'false') {
        throw invalidParam(`force must be true or false, got ${JSON.stringify(force)}.`);
      }
      const voucher = ctx.state.vouchers.get(code);
      if (!voucher) throw notFound('voucher', code);
      ctx.state.vouchers.remove(voucher, force === 'true', isoNow(ctx.state));
      ctx.state.store.touched();
      return { status: 204 };
    },
  },
];
