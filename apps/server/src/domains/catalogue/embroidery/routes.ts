import { embroideryEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { embroideryBoxes, embroideryPreview, setEmbroideryBoxes } from './service.ts';

/** The embroidery preview (record 059): the Admin's boxes, and the previews lines address. */
export default async function embroideryRoutes(app: App) {
  serve(app, e.boxes, async (req) => embroideryBoxes(req.ctx, req.params.modelo));
  serve(app, e.setBoxes, async (req) => setEmbroideryBoxes(req.ctx, req.params.modelo, req.body));
  serve(app, e.preview, async (req, reply) => {
    const file = await embroideryPreview(req.ctx, req.params.token);
    // The address names what is drawn, so its answer never changes.
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body);
  });
}
