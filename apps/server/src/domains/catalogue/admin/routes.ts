import { catalogAdminEndpoints as e, ModelImageIdRequest } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { parseWith, readUpload } from '../../../platform/images.ts';
import * as params from './parameters.ts';
import * as models from './service.ts';

/** product.md §8 Models (admin calls) and Parameters. Admin only: any other role answers 403. */
export default async function catalogAdminRoutes(app: App) {
  // ── Models ──────────────────────────────────────────────────────────────────────────────────
  serve(app, e.updateModel, async (req) => models.updateModelo(req.ctx, req.body));
  serve(app, e.setModelInactive, async (req) =>
    models.setModeloBaja(req.ctx, req.body.modelo, req.body.baja),
  );
  serve(app, e.models, async (req) => models.listAdminModels(req.ctx, req.query));
  serve(app, e.modelsPost, async (req) => models.listAdminModels(req.ctx, req.body));
  serve(app, e.model, async (req) => models.getAdminModel(req.ctx, req.params.modelo));
  serve(app, e.modelsWithoutCollection, async (req) =>
    models.listModelsWithoutCollection(req.ctx, req.query),
  );

  // ── Model images ────────────────────────────────────────────────────────────────────────────
  serve(app, e.uploadImage, async (req) => models.uploadModelImage(req.ctx, await readUpload(req)));
  serve(app, e.setImageColour, async (req) => models.setImageColour(req.ctx, req.body));
  // The id may come in the body or in the query string (DELETE bodies are optional for clients);
  // nothing else, as the document says.
  serve(app, e.deleteImage, async (req) => {
    const input = parseWith(ModelImageIdRequest.strict(), {
      ...(req.query as object),
      ...((req.body as object) ?? {}),
    });
    return models.deleteModelImage(req.ctx, input.id);
  });
  serve(app, e.setMainImage, async (req) => models.setImagePrincipal(req.ctx, req.body));

  // ── Groups of a model ───────────────────────────────────────────────────────────────────────
  serve(app, e.setModelGroupSize, async (req) => models.updateModelGroupSize(req.ctx, req.body));
  serve(app, e.orderModelGroups, async (req) => models.setPositionGroupsModel(req.ctx, req.body));
  serve(app, e.addModelGroup, async (req) => models.addModelGroup(req.ctx, req.body));
  serve(app, e.removeModelGroup, async (req) =>
    models.deleteModelGroup(req.ctx, req.body.modelo, req.body.grupo),
  );
  serve(app, e.modelSections, async (req) => models.listSectionModels(req.ctx));
  serve(app, e.createModelSection, async (req) => models.createSectionModel(req.ctx, req.body));
  serve(app, e.copyModelGroups, async (req) => models.copyModelGroups(req.ctx, req.body));
  serve(app, e.collectionGroups, async (req) => models.groupsOfCollection(req.ctx, req.body?.id));

  // ── Parameter groups ────────────────────────────────────────────────────────────────────────
  serve(app, e.paramGroups, async (req) => params.listGroups(req.ctx, req.query));
  serve(app, e.paramGroup, async (req) => params.getGroup(req.ctx.db, req.params.id));
  serve(app, e.saveParamGroup, async (req) => params.saveGroup(req.ctx, req.body.id || null, req.body));
  serve(app, e.updateParamGroup, async (req) => params.saveGroup(req.ctx, req.params.id, req.body));
  serve(app, e.createParamSection, async (req) => params.createSection(req.ctx, req.params.id, req.body));
  serve(app, e.orderParamSections, async (req) =>
    params.orderSections(req.ctx, req.params.id, req.body.sections),
  );
  serve(app, e.renameParamSection, async (req) =>
    params.renameSection(req.ctx, req.params.id, req.params.sectionId, req.body),
  );
  serve(app, e.removeParamSection, async (req) =>
    params.deleteSection(req.ctx, req.params.id, req.params.sectionId),
  );

  // ── Parameters ──────────────────────────────────────────────────────────────────────────────
  serve(app, e.saveParameter, async (req) => params.saveParametro(req.ctx, await readUpload(req)));
  serve(app, e.orderParameters, async (req) => params.updatePositions(req.ctx, req.body.parametros));
  serve(app, e.removeParameter, async (req) => params.deleteParametro(req.ctx, req.params.id));
  serve(app, e.removeSectionParameters, async (req) => params.deleteParametroSection(req.ctx, req.body));
  serve(app, e.moveParameters, async (req) => params.moveParametrosToSection(req.ctx, req.body));
}
