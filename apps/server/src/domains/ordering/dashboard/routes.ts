import { dashboardEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { dormantDashboard, salesDashboard } from './service.ts';

/** The dashboard (record 055). */
export default async function dashboardRoutes(app: App) {
  serve(app, e.sales, async (req) => ({ data: await salesDashboard(req.ctx, req.query) }));
  serve(app, e.dormant, async (req) => ({ data: await dormantDashboard(req.ctx, req.query) }));
}
