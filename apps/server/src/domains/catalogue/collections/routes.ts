import { once } from 'node:events';
import {
  COLLECTION_MSG,
  ColeccionDeleteImageRequest,
  ColeccionUpdateError,
  collectionsEndpoints as e,
  type Message,
} from '@nido/contract';
import { ZipArchive } from 'archiver';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { errorListBody, fieldsOfValidation, Invalid } from '../../../platform/errors.ts';
import { parseWith, readUpload } from '../../../platform/images.ts';
import type { Storage } from '../../../platform/storage.ts';
import * as service from './service.ts';

/** product.md §7: the collection editor keeps "server errors (list with field)". */
function listBody(fields: Record<string, Message[]>) {
  return errorListBody(Object.values(fields)[0]?.[0] ?? COLLECTION_MSG.updateError, fields);
}

/** product.md §8 Collections. Admin only, except POST colecciones/list (every signed-in user, filtered by role). */
export default async function collectionsRoutes(app: App) {
  serve(app, e.list, async (req) => service.listColecciones(req.ctx, req.body));
  serve(app, e.detail, async (req) => service.getColeccion(req.ctx, req.params.id, req.params.flag));
  serve(app, e.showClear, async (req) => service.showClear(req.ctx, req.body.id));
  serve(app, e.setActive, async (req) => service.setActive(req.ctx, req.body.id, req.body.activado));
  serve(app, e.setRepsOnly, async (req) =>
    service.setSoloRepresentantes(req.ctx, req.body.id, req.body.solorepresentantes),
  );
  // Errors of this call are a LIST of {field, message} (product.md §7), validation errors included.
  // Registered from its entry but not through serve(): it validates its body itself (attachValidation),
  // naming fields relative to the collection, and declares that 422 shape as its answer.
  app.route({
    method: e.save.method,
    url: e.save.path,
    // Errors raised before the handler (the input guard) get the list shape too.
    config: { access: e.save.access, errorList: e.save.errorList },
    attachValidation: true,
    schema: {
      summary: e.save.summary,
      body: e.save.body,
      response: { 200: e.save.response, 422: ColeccionUpdateError },
    },
    handler: async (req, reply) => {
      const validation = req.validationError;
      if (validation) {
        const fields = hasZodFastifySchemaValidationErrors(validation)
          ? fieldsOfValidation(
              validation.validation,
              (path) => path.replace(/^\/(collection\/)?/, '').replace(/\//g, '.') || 'collection',
            )
          : { collection: [COLLECTION_MSG.updateError] };
        return reply.code(422).send(listBody(fields));
      }
      try {
        return await service.saveColeccion(req.ctx, req.body);
      } catch (err) {
        if (err instanceof Invalid) return reply.code(422).send(listBody(err.fields ?? {}));
        throw err;
      }
    },
  });
  serve(app, e.addModel, async (req) => service.addModelo(req.ctx, req.body.id, req.body.modelo));
  serve(app, e.removeModel, async (req) => service.removeModelo(req.ctx, req.body.id, req.body.modelo));

  // ── Images ──────────────────────────────────────────────────────────────────────────────────
  serve(app, e.uploadImage, async (req) => service.uploadImage(req.ctx, await readUpload(req)));
  // The ids may come in the body or in the query string (DELETE bodies are optional for clients);
  // nothing else, as the document says.
  serve(app, e.deleteImage, async (req) => {
    const input = parseWith(ColeccionDeleteImageRequest.strict(), {
      ...(req.query as object),
      ...((req.body as object) ?? {}),
    });
    return service.deleteImage(req.ctx, input.id, input.colecciones_id);
  });
  serve(app, e.setMainImage, async (req) => service.setInitialImage(req.ctx, req.body.id));
  // A zip of the collection's images, streamed as it is built (stored, not deflated: WebP is compressed).
  serve(app, e.downloadImages, async (req, reply) => {
    const { filename, files } = await service.imageFilesForZip(req.ctx, req.body.id);
    const archive = new ZipArchive({ store: true });
    archive.on('warning', (err) => req.log.warn({ err }, 'zip warning'));
    appendInTurn(archive, files, req.ctx.storage).catch((err) => {
      // The answer has started: break it off rather than end a zip that silently lacks images.
      req.log.error({ err }, 'zip failed');
      archive.destroy(err);
    });
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(archive);
  });
}

/**
 * Adds each file to the zip once the one before is written, so one image at a time is being read
 * (from a bucket, an open GET each); a file removed meanwhile is left out.
 */
async function appendInTurn(
  archive: ZipArchive,
  files: Array<{ urlPath: string; name: string }>,
  storage: Storage,
): Promise<void> {
  // A client that goes away destroys the zip: stop there instead of waiting for an entry forever.
  const closed = once(archive, 'close').then(() => 'closed' as const);
  for (const { urlPath, name } of files) {
    const file = await storage.read(urlPath);
    if (!file) continue;
    if (archive.destroyed) return void file.body.destroy();
    const written = once(archive, 'entry').then(() => 'written' as const);
    archive.append(file.body, { name });
    if ((await Promise.race([written, closed])) === 'closed') return void file.body.destroy();
  }
  await archive.finalize();
}
