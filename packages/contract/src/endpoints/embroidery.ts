import {
  EmbroideryBoxesRequest,
  EmbroideryBoxesResponse,
  EmbroideryModelParam,
  EmbroideryPreviewParam,
} from '../embroidery.ts';
import { endpoint } from './endpoint.ts';

/** The embroidery preview (record 059): the boxes of a model's positions and the rendered previews. */
export const embroideryEndpoints = {
  boxes: endpoint({
    method: 'GET',
    path: '/modelo/:modelo/bordado',
    access: 'admin',
    summary: 'A model’s main image and the box of each of its embroidery positions',
    params: EmbroideryModelParam,
    response: EmbroideryBoxesResponse,
    errors: [404],
  }),
  setBoxes: endpoint({
    method: 'PUT',
    path: '/modelo/:modelo/bordado',
    access: 'admin',
    summary: 'Places the boxes of a model’s embroidery positions (fractions of its main image)',
    params: EmbroideryModelParam,
    body: EmbroideryBoxesRequest,
    response: EmbroideryBoxesResponse,
    errors: [404],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/bordado/preview/:token',
    access: 'public',
    summary:
      'An embroidery preview the server addressed (lines carry the address): the image with the name drawn, WebP, cached',
    params: EmbroideryPreviewParam,
    file: 'image/webp',
    errors: [404],
  }),
};
