import {
  ActualizaImagenParametroRequest,
  ActualizaImagenParametroResponse,
  ActualizaImagenPrincipalRequest,
  AdminModelDetail,
  AdminModelListQuery,
  AdminModelListResponse,
  AdminModeloParam,
  CopyParamsCollectionRequest,
  CreateSectionRequest,
  DeleteImageResponse,
  DeleteParametroSectionRequest,
  DeleteParametroSectionResponse,
  IdParam,
  ModelGroupLink,
  ModelGroupsResponse,
  ModelImageIdRequest,
  ModelImageRow,
  ModelImagesResponse,
  ModeloBajaRequest,
  ModeloBajaResponse,
  ModeloFields,
  ModeloUpdateRequest,
  Ok,
  ParametroPositionRequest,
  ParametroPositionResponse,
  ParametroRow,
  ParametrosGruposColeccionRequest,
  ParametrosGruposColeccionResponse,
  ParametrosResponse,
  ParamGroupDetail,
  ParamGroupListQuery,
  ParamGroupListResponse,
  ParamGroupWriteRequest,
  ParamSection,
  ParamSectionOrderRequest,
  ParamSectionParams,
  ParamSectionWriteRequest,
  SectionModel,
  SectionModelsResponse,
  SetPositionGroupsModelRequest,
  SinColeccionQuery,
  UpdateModelGroupAddRequest,
  UpdateModelGroupDeleteRequest,
  UpdateModelGroupSizeRequest,
  UpdateModelGroupSizeResponse,
  UpdateParametrosSectionRequest,
} from '@nido/contract';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { parseWith, readUpload } from '../../platform/images.ts';
import * as params from './parameters.ts';
import * as models from './service.ts';

const admin = { access: 'admin' } as const;

/** SPEC §7 Models (admin calls) and Parameters. Admin only: any other role answers 403. */
export default async function catalogAdminRoutes(app: App) {
  // ── Models ──────────────────────────────────────────────────────────────────────────────────
  app.post(
    '/modelo/update',
    { config: admin, schema: { body: ModeloUpdateRequest, response: { 200: ModeloFields } } },
    async (req) => models.updateModelo(req.ctx, req.body),
  );
  app.post(
    '/modelo/modeloBaja',
    { config: admin, schema: { body: ModeloBajaRequest, response: { 200: ModeloBajaResponse } } },
    async (req) => models.setModeloBaja(req.ctx, req.body.modelo, req.body.baja),
  );
  app.get(
    '/modelo-admin/list',
    {
      config: admin,
      schema: { querystring: AdminModelListQuery, response: { 200: AdminModelListResponse } },
    },
    async (req) => models.listAdminModels(req.ctx, req.query),
  );
  app.post(
    '/modelo-admin/list',
    { config: admin, schema: { body: AdminModelListQuery, response: { 200: AdminModelListResponse } } },
    async (req) => models.listAdminModels(req.ctx, req.body),
  );
  app.get(
    '/modelo-admin/:modelo',
    { config: admin, schema: { params: AdminModeloParam, response: { 200: AdminModelDetail } } },
    async (req) => models.getAdminModel(req.ctx, req.params.modelo),
  );
  app.get(
    '/modelo/sincoleccion',
    { config: admin, schema: { querystring: SinColeccionQuery, response: { 200: AdminModelListResponse } } },
    async (req) => models.listModelsWithoutCollection(req.ctx, req.query),
  );

  // ── Model images ────────────────────────────────────────────────────────────────────────────
  app.post(
    '/modelo/uploadImage',
    { config: admin, schema: { response: { 200: ModelImageRow } } },
    async (req) => models.uploadModelImage(req.ctx, await readUpload(req)),
  );
  app.post(
    '/modelo/actualizaImagenParametro',
    {
      config: admin,
      schema: { body: ActualizaImagenParametroRequest, response: { 200: ActualizaImagenParametroResponse } },
    },
    async (req) => models.setImageColour(req.ctx, req.body),
  );
  // The id may come in the body or in the query string (DELETE bodies are optional for clients).
  app.delete(
    '/modelo/deleteImage',
    { config: admin, schema: { response: { 200: DeleteImageResponse } } },
    async (req) => {
      const input = parseWith(ModelImageIdRequest, {
        ...(req.query as object),
        ...((req.body as object) ?? {}),
      });
      return models.deleteModelImage(req.ctx, input.id);
    },
  );
  app.post(
    '/modelo/actualizaImagenPrincipal',
    {
      config: admin,
      schema: { body: ActualizaImagenPrincipalRequest, response: { 200: ModelImagesResponse } },
    },
    async (req) => models.setImagePrincipal(req.ctx, req.body),
  );

  // ── Groups of a model ───────────────────────────────────────────────────────────────────────
  app.post(
    '/modelo/updateModelGroupSize',
    {
      config: admin,
      schema: { body: UpdateModelGroupSizeRequest, response: { 200: UpdateModelGroupSizeResponse } },
    },
    async (req) => models.updateModelGroupSize(req.ctx, req.body),
  );
  app.post(
    '/modelo/setPositionGroupsModel',
    {
      config: admin,
      schema: { body: SetPositionGroupsModelRequest, response: { 200: ModelGroupsResponse } },
    },
    async (req) => models.setPositionGroupsModel(req.ctx, req.body),
  );
  app.post(
    '/modelo/updateModelGroupAdd',
    { config: admin, schema: { body: UpdateModelGroupAddRequest, response: { 200: ModelGroupLink } } },
    async (req) => models.addModelGroup(req.ctx, req.body),
  );
  app.post(
    '/modelo/updateModelGroupDelete',
    { config: admin, schema: { body: UpdateModelGroupDeleteRequest, response: { 200: Ok } } },
    async (req) => models.deleteModelGroup(req.ctx, req.body.modelo, req.body.grupo),
  );
  app.get(
    '/modelo/sections',
    { config: admin, schema: { response: { 200: SectionModelsResponse } } },
    async (req) => models.listSectionModels(req.ctx),
  );
  app.post(
    '/modelo/createSection',
    { config: admin, schema: { body: CreateSectionRequest, response: { 200: SectionModel } } },
    async (req) => models.createSectionModel(req.ctx, req.body),
  );
  app.post(
    '/modelo/copyParamsCollection',
    { config: admin, schema: { body: CopyParamsCollectionRequest, response: { 200: ModelGroupsResponse } } },
    async (req) => models.copyModelGroups(req.ctx, req.body),
  );
  app.post(
    '/modelo/getParametrosGruposColeccion',
    {
      config: admin,
      schema: {
        body: ParametrosGruposColeccionRequest,
        response: { 200: ParametrosGruposColeccionResponse },
      },
    },
    async (req) => models.groupsOfCollection(req.ctx, req.body?.id),
  );

  // ── Parameter groups ────────────────────────────────────────────────────────────────────────
  app.get(
    '/parametrosgrupos',
    {
      config: admin,
      schema: { querystring: ParamGroupListQuery, response: { 200: ParamGroupListResponse } },
    },
    async (req) => params.listGroups(req.ctx, req.query),
  );
  app.get(
    '/parametrosgrupos/:id',
    { config: admin, schema: { params: IdParam, response: { 200: ParamGroupDetail } } },
    async (req) => params.getGroup(req.ctx.db, req.params.id),
  );
  app.post(
    '/parametrosgrupos',
    { config: admin, schema: { body: ParamGroupWriteRequest, response: { 200: ParamGroupDetail } } },
    async (req) => params.saveGroup(req.ctx, req.body.id || null, req.body),
  );
  app.put(
    '/parametrosgrupos/:id',
    {
      config: admin,
      schema: { params: IdParam, body: ParamGroupWriteRequest, response: { 200: ParamGroupDetail } },
    },
    async (req) => params.saveGroup(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/parametrosgrupos/:id/sections',
    {
      config: admin,
      schema: { params: IdParam, body: ParamSectionWriteRequest, response: { 200: ParamSection } },
    },
    async (req) => params.createSection(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/parametrosgrupos/:id/sections/order',
    {
      config: admin,
      schema: {
        params: IdParam,
        body: ParamSectionOrderRequest,
        response: { 200: z.object({ sections: z.array(ParamSection) }) },
      },
    },
    async (req) => params.orderSections(req.ctx, req.params.id, req.body.sections),
  );
  app.put(
    '/parametrosgrupos/:id/sections/:sectionId',
    {
      config: admin,
      schema: { params: ParamSectionParams, body: ParamSectionWriteRequest, response: { 200: ParamSection } },
    },
    async (req) => params.renameSection(req.ctx, req.params.id, req.params.sectionId, req.body),
  );
  app.delete(
    '/parametrosgrupos/:id/sections/:sectionId',
    { config: admin, schema: { params: ParamSectionParams, response: { 200: Ok } } },
    async (req) => params.deleteSection(req.ctx, req.params.id, req.params.sectionId),
  );

  // ── Parameters ──────────────────────────────────────────────────────────────────────────────
  app.post(
    '/parametro/updateNewWithImage',
    { config: admin, schema: { response: { 200: ParametroRow } } },
    async (req) => params.saveParametro(req.ctx, await readUpload(req)),
  );
  app.post(
    '/parametro/updatePosition',
    {
      config: admin,
      schema: { body: ParametroPositionRequest, response: { 200: ParametroPositionResponse } },
    },
    async (req) => params.updatePositions(req.ctx, req.body.parametros),
  );
  app.delete(
    '/parametros/:id',
    { config: admin, schema: { params: IdParam, response: { 200: Ok } } },
    async (req) => params.deleteParametro(req.ctx, req.params.id),
  );
  app.post(
    '/parametro/deleteParametroSection',
    {
      config: admin,
      schema: { body: DeleteParametroSectionRequest, response: { 200: DeleteParametroSectionResponse } },
    },
    async (req) => params.deleteParametroSection(req.ctx, req.body),
  );
  app.post(
    '/parametro/updateParametrosSection',
    {
      config: admin,
      schema: { body: UpdateParametrosSectionRequest, response: { 200: ParametrosResponse } },
    },
    async (req) => params.moveParametrosToSection(req.ctx, req.body),
  );
}
