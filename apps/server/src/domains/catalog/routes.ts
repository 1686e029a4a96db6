import {
  LastPurchasedRequest,
  ModeloBaseListQuery,
  ModeloParam,
  ModelosColeccionRequest,
  SearchModelRequest,
} from '@nido/contract';
import type { App } from '../../app-types.ts';
import {
  getModel,
  lastPurchased,
  listModelBase,
  modelListOfColeccion,
  modelsOfColeccion,
  searchModels,
} from './service.ts';

/** The shop's read side of the catalogue (SPEC §7 Models). */
export default async function catalogRoutes(app: App) {
  app.post(
    '/modelo/searchModel',
    { config: { access: 'user' }, schema: { body: SearchModelRequest } },
    async (req, reply) => (await searchModels(req.ctx, req.body.search, req.body.page)).send(req, reply),
  );

  app.get('/modelo/:modelo', { config: { access: 'user' }, schema: { params: ModeloParam } }, async (req) =>
    getModel(req.ctx, req.params.modelo),
  );

  app.post(
    '/modelo/modeloscoleccion',
    { config: { access: 'user' }, schema: { body: ModelosColeccionRequest } },
    async (req) => modelsOfColeccion(req.ctx, req.body.coleccion),
  );

  app.post(
    '/modelo/modeloscoleccionlist',
    { config: { access: 'user' }, schema: { body: ModelosColeccionRequest } },
    async (req) => modelListOfColeccion(req.ctx, req.body.coleccion),
  );

  app.get(
    '/modeloBase/list',
    { config: { access: 'user' }, schema: { querystring: ModeloBaseListQuery } },
    async (req) => listModelBase(req.ctx, req.query.search),
  );

  app.post(
    '/modelo/lastPurchased',
    { config: { access: 'user' }, schema: { body: LastPurchasedRequest } },
    async (req) => lastPurchased(req.ctx, req.body.cliente_id),
  );
}
