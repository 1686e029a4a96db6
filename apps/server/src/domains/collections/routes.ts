import {
  COLLECTION_MSG,
  ColeccionAddModeloResponse,
  ColeccionDeleteImageRequest,
  ColeccionDeleteImageResponse,
  ColeccionDetail,
  ColeccionFlagParams,
  ColeccionIdRequest,
  ColeccionImage,
  ColeccionImagesResponse,
  ColeccionListRequest,
  ColeccionListResponse,
  ColeccionModeloRequest,
  ColeccionSetActiveRequest,
  ColeccionSetActiveResponse,
  ColeccionSetSoloRepresentantesRequest,
  ColeccionSetSoloRepresentantesResponse,
  ColeccionUpdateError,
  ColeccionUpdateRequest,
  ColeccionUpdateResponse,
  Ok,
} from '@nido/contract';
import { ZipArchive } from 'archiver';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../../app-types.ts';
import { Invalid } from '../../platform/errors.ts';
import { parseWith, readUpload } from '../../platform/images.ts';
import * as service from './service.ts';

const admin = { access: 'admin' } as const;

/** SPEC §8: the collection editor keeps "server errors (list with field)". */
function errorList(errors: Record<string, string[]> | undefined) {
  return Object.entries(errors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, message })),
  );
}

/** SPEC §7 Collections. Admin only, except POST colecciones/list (every signed-in user, filtered by role). */
export default async function collectionsRoutes(app: App) {
  app.post(
    '/colecciones/list',
    {
      config: { access: 'user' },
      schema: { body: ColeccionListRequest, response: { 200: ColeccionListResponse } },
    },
    async (req) => service.listColecciones(req.ctx, req.body),
  );
  app.get(
    '/colecciones/:id/:flag',
    { config: admin, schema: { params: ColeccionFlagParams, response: { 200: ColeccionDetail } } },
    async (req) => service.getColeccion(req.ctx, req.params.id, req.params.flag),
  );
  app.post(
    '/colecciones/showClear',
    { config: admin, schema: { body: ColeccionIdRequest, response: { 200: ColeccionDetail } } },
    async (req) => service.showClear(req.ctx, req.body.id),
  );
  app.post(
    '/coleccion/setActive',
    {
      config: admin,
      schema: { body: ColeccionSetActiveRequest, response: { 200: ColeccionSetActiveResponse } },
    },
    async (req) => service.setActive(req.ctx, req.body.id, req.body.activado),
  );
  app.post(
    '/coleccion/setSoloRepresentantes',
    {
      config: admin,
      schema: {
        body: ColeccionSetSoloRepresentantesRequest,
        response: { 200: ColeccionSetSoloRepresentantesResponse },
      },
    },
    async (req) => service.setSoloRepresentantes(req.ctx, req.body.id, req.body.solorepresentantes),
  );
  // Errors of this call are a LIST of {field, message} (SPEC §8), validation errors included.
  app.put(
    '/colecciones/update',
    {
      // Errors raised before the handler (the input guard) get the list shape too.
      config: { ...admin, errorList: true },
      attachValidation: true,
      schema: {
        body: ColeccionUpdateRequest,
        response: { 200: ColeccionUpdateResponse, 422: ColeccionUpdateError },
      },
    },
    async (req, reply) => {
      const validation = req.validationError;
      if (validation) {
        const errors = hasZodFastifySchemaValidationErrors(validation)
          ? validation.validation.map((v: { instancePath: string; message?: string }) => ({
              field: v.instancePath.replace(/^\/(collection\/)?/, '').replace(/\//g, '.') || 'collection',
              message: v.message ?? COLLECTION_MSG.updateError,
            }))
          : [{ field: 'collection', message: COLLECTION_MSG.updateError }];
        return reply.code(422).send({ message: errors[0]?.message ?? COLLECTION_MSG.updateError, errors });
      }
      try {
        return await service.saveColeccion(req.ctx, req.body);
      } catch (err) {
        if (err instanceof Invalid) {
          const errors = errorList(err.errors);
          return reply.code(422).send({ message: errors[0]?.message ?? COLLECTION_MSG.updateError, errors });
        }
        throw err;
      }
    },
  );
  app.post(
    '/coleccion/addModelo',
    {
      config: admin,
      schema: { body: ColeccionModeloRequest, response: { 200: ColeccionAddModeloResponse } },
    },
    async (req) => service.addModelo(req.ctx, req.body.id, req.body.modelo),
  );
  app.post(
    '/coleccion/removeModelo',
    { config: admin, schema: { body: ColeccionModeloRequest, response: { 200: Ok } } },
    async (req) => service.removeModelo(req.ctx, req.body.id, req.body.modelo),
  );

  // ── Images ──────────────────────────────────────────────────────────────────────────────────
  app.post(
    '/coleccion/uploadImage',
    { config: admin, schema: { response: { 200: ColeccionImage } } },
    async (req) => service.uploadImage(req.ctx, await readUpload(req)),
  );
  app.delete(
    '/coleccion/deleteImage',
    { config: admin, schema: { response: { 200: ColeccionDeleteImageResponse } } },
    async (req) => {
      const input = parseWith(ColeccionDeleteImageRequest, {
        ...(req.query as object),
        ...((req.body as object) ?? {}),
      });
      return service.deleteImage(req.ctx, input.id, input.colecciones_id);
    },
  );
  app.post(
    '/coleccion/setImgPrincipal',
    { config: admin, schema: { body: ColeccionIdRequest, response: { 200: ColeccionImagesResponse } } },
    async (req) => service.setInitialImage(req.ctx, req.body.id),
  );
  // A zip of the collection's images, streamed as it is built (stored, not deflated: WebP is compressed).
  app.post(
    '/coleccion/downloadImages',
    { config: admin, schema: { body: ColeccionIdRequest } },
    async (req, reply) => {
      const { filename, files } = await service.imageFilesForZip(req.ctx, req.body.id);
      const archive = new ZipArchive({ store: true });
      archive.on('warning', (err) => req.log.warn({ err }, 'zip warning'));
      archive.on('error', (err) => req.log.error({ err }, 'zip failed'));
      for (const f of files) archive.file(f.path, { name: f.name });
      archive.finalize().catch((err) => req.log.error({ err }, 'zip finalize failed'));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(archive);
    },
  );
}
