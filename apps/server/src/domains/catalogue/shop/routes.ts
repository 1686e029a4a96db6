import { catalogEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { getModel, listModelBase, modelListOfColeccion, modelsOfColeccion, searchModels } from './service.ts';

export default async function catalogRoutes(app: App) {
  // A search answer is serialised and compressed once, then sent as bytes (platform/encoded-json.ts).
  serve(app, e.search, async (req, reply) =>
    (await searchModels(req.ctx, req.body.search, req.body.page, req.body.cliente_id)).send(req, reply),
  );
  serve(app, e.model, async (req) => getModel(req.ctx, req.params.modelo, req.query.cliente_id));
  serve(app, e.ofCollection, async (req) =>
    modelsOfColeccion(req.ctx, req.body.coleccion, req.body.cliente_id),
  );
  serve(app, e.listOfCollection, async (req) => modelListOfColeccion(req.ctx, req.body.coleccion));
  serve(app, e.codes, async (req) => listModelBase(req.ctx, req.query.search));
}
