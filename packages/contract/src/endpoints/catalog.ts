import { z } from 'zod';
import {
  ModelBase,
  ModelDetail,
  ModeloBaseListQuery,
  ModeloParam,
  ModeloQuery,
  ModelosColeccionListResponse,
  ModelosColeccionRequest,
  ModelosColeccionResponse,
  SearchModelRequest,
  SearchModelResponse,
} from '../catalog.ts';
import { endpoint } from './endpoint.ts';

/** The shop's read side of the catalogue (product.md, catalogue). */
export const catalogEndpoints = {
  search: endpoint({
    method: 'POST',
    path: '/modelo/searchModel',
    access: 'user',
    summary: 'Models matching words of their code or description, ranked and paged',
    body: SearchModelRequest,
    response: SearchModelResponse,
    errors: [404],
  }),
  model: endpoint({
    method: 'GET',
    path: '/modelo/:modelo',
    access: 'user',
    summary: 'A model with its images, option groups, sections and embroidery colours (the configurator)',
    params: ModeloParam,
    query: ModeloQuery,
    response: ModelDetail,
    errors: [404],
  }),
  ofCollection: endpoint({
    method: 'POST',
    path: '/modelo/modeloscoleccion',
    access: 'user',
    summary: 'The models of a collection, as cards',
    body: ModelosColeccionRequest,
    response: ModelosColeccionResponse,
    errors: [404],
  }),
  listOfCollection: endpoint({
    method: 'POST',
    path: '/modelo/modeloscoleccionlist',
    access: 'user',
    summary: 'The models of a collection, code and description only',
    body: ModelosColeccionRequest,
    response: ModelosColeccionListResponse,
    errors: [404],
  }),
  codes: endpoint({
    method: 'GET',
    path: '/modeloBase/list',
    access: 'user',
    summary: 'Models whose code starts with the text (quick add; at most 50)',
    query: ModeloBaseListQuery,
    response: z.array(ModelBase),
  }),
} as const;
