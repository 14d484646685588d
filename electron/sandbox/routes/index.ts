import type { Route } from '../router';
import { asyncActionRoutes } from './async-actions';
import { importRoutes } from './imports';
import { tokenRoutes } from './tokens';
import { voucherRoutes } from './vouchers';

export const apiRoutes: Route[] = [...tokenRoutes, ...importRoutes, ...voucherRoutes, ...asyncActionRoutes];
