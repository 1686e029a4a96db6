import { catalogAdminEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import * as service from './service.ts';

/** The missing-translation report (record 056). Admin only: any other role answers 403. */
export default async function translationsRoutes(app: App) {
  serve(app, e.missingTranslations, async (req) => service.missingTranslations(req.ctx, req.query));
  serve(app, e.missingTranslationCounts, async (req) => service.missingTranslationCounts(req.ctx));
  serve(app, e.fixTranslation, async (req) =>
    service.fixTranslation(req.ctx, req.params.kind, req.params.id, req.body),
  );
}
