import type { Route } from '../router';
import { asyncActionRoutes } from './async-actions';
import { campaignRoutes } from './campaigns';
import { earningRuleRoutes } from './earning-rules';
import { exportRoutes } from './exports';
import { importRoutes } from './imports';
import { publicationRoutes } from './publications';
import { rewardRoutes } from './rewards';
import { stackRoutes } from './stacks';
import { tokenRoutes } from './tokens';
import { voucherRoutes } from './vouchers';

export const apiRoutes: Route[] = [
  ...tokenRoutes,
  ...publicationRoutes,
  ...earningRuleRoutes,
  ...importRoutes,
  ...campaignRoutes,
  ...stackRoutes,
  ...rewardRoutes,
  ...voucherRoutes,
  ...asyncActionRoutes,
  ...exportRoutes,
];

export { downloadRoutes } from './exports';
