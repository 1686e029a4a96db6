import {
  ClienteIdParam,
  ClienteListQuery,
  ClienteListResponse,
  ClienteResponse,
  ClienteUserCreateRequest,
  ClienteUserResponse,
  ClienteUsersResponse,
  ClienteUserUpdateRequest,
  ClienteWriteRequest,
  CompanyInfoQuery,
  CompanyInfoResponse,
  IdParam,
  Ok,
} from '@nido/contract';
import type { App } from '../../app-types.ts';
import {
  createCliente,
  createClienteUser,
  deleteClienteUser,
  getCliente,
  getCompanyInfo,
  listClientes,
  listClienteUsers,
  updateCliente,
  updateClienteUser,
} from './service.ts';

const STAFF = ['Admin', 'Representante'] as const;

/** SPEC §7 Clients. Who may call what: see the comment at the top of service.ts. */
export default async function clientsRoutes(app: App) {
  app.get(
    '/cliente',
    {
      config: { access: STAFF },
      schema: { querystring: ClienteListQuery, response: { 200: ClienteListResponse } },
    },
    async (req) => listClientes(req.ctx, req.query),
  );

  app.get(
    '/cliente/companyInfo',
    {
      config: { access: 'user' },
      schema: { querystring: CompanyInfoQuery, response: { 200: CompanyInfoResponse } },
    },
    async (req) => getCompanyInfo(req.ctx, req.query.cliente_id),
  );

  app.get(
    '/cliente/:id',
    { config: { access: 'user' }, schema: { params: IdParam, response: { 200: ClienteResponse } } },
    async (req) => getCliente(req.ctx, req.params.id),
  );

  app.post(
    '/cliente',
    {
      config: { access: 'admin' },
      schema: { body: ClienteWriteRequest, response: { 200: ClienteResponse } },
    },
    async (req) => createCliente(req.ctx, req.body),
  );

  app.put(
    '/cliente/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParam, body: ClienteWriteRequest, response: { 200: ClienteResponse } },
    },
    async (req) => updateCliente(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/clienteUsers/:clienteId',
    {
      config: { access: STAFF },
      schema: { params: ClienteIdParam, response: { 200: ClienteUsersResponse } },
    },
    async (req) => listClienteUsers(req.ctx, req.params.clienteId),
  );

  app.post(
    '/clienteUsers',
    {
      config: { access: 'admin' },
      schema: { body: ClienteUserCreateRequest, response: { 200: ClienteUserResponse } },
    },
    async (req) => createClienteUser(req.ctx, req.body),
  );

  app.put(
    '/clienteUsers/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParam, body: ClienteUserUpdateRequest, response: { 200: ClienteUserResponse } },
    },
    async (req) => updateClienteUser(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/clienteUsers/:id',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: Ok } } },
    async (req) => deleteClienteUser(req.ctx, req.params.id),
  );
}
