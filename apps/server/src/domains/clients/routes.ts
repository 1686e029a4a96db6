import { addressesEndpoints as a, clientsEndpoints as e } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.ts';
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

/** product.md §8 Clients. Who may call what: see the comment at the top of service.ts. */
export default async function clientsRoutes(app: App) {
  serve(app, e.list, async (req) => listClientes(req.ctx, req.query));
  serve(app, e.companyInfo, async (req) => getCompanyInfo(req.ctx, req.query.cliente_id));
  serve(app, e.detail, async (req) => getCliente(req.ctx, req.params.id));
  serve(app, e.create, async (req) => createCliente(req.ctx, req.body));
  serve(app, e.update, async (req) => updateCliente(req.ctx, req.params.id, req.body));
  serve(app, e.users, async (req) => listClienteUsers(req.ctx, req.params.id));
  serve(app, e.createUser, async (req) => createClienteUser(req.ctx, req.body));
  serve(app, e.updateUser, async (req) => updateClienteUser(req.ctx, req.params.id, req.body));
  serve(app, e.removeUser, async (req) => deleteClienteUser(req.ctx, req.params.id));
  serve(app, a.list, async (req) => listAddresses(req.ctx, req.params.clienteId));
  serve(app, a.create, async (req) => createAddress(req.ctx, req.params.clienteId, req.body));
  serve(app, a.update, async (req) => updateAddress(req.ctx, req.params.id, req.body));
  serve(app, a.remove, async (req) => deleteAddress(req.ctx, req.params.id));
}
