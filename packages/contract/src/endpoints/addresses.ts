import { ClienteIdParam, DeliveryAddressesResponse, DeliveryAddressWriteRequest } from '../clients.ts';
import { IdParam } from '../common.ts';
import { endpoint } from './endpoint.ts';

/**
 * A client's delivery addresses: every user who may see the client reads them; the Admin and the
 * client's own users keep them.
 */
export const addressesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/cliente/:clienteId/direcciones',
    access: 'user',
    summary: "A client's delivery addresses, the default first",
    params: ClienteIdParam,
    response: DeliveryAddressesResponse,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/cliente/:clienteId/direcciones',
    access: ['Admin', 'Cliente'],
    summary: 'Adds a delivery address (the first one is the default); answers every address',
    params: ClienteIdParam,
    body: DeliveryAddressWriteRequest,
    response: DeliveryAddressesResponse,
    errors: [404],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/direccion/:id',
    access: ['Admin', 'Cliente'],
    summary: 'Changes a delivery address (submitted orders keep their copy); answers every address',
    params: IdParam,
    body: DeliveryAddressWriteRequest,
    response: DeliveryAddressesResponse,
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/direccion/:id',
    access: ['Admin', 'Cliente'],
    summary: 'Deletes a delivery address (deleting the default makes the oldest other one the default)',
    params: IdParam,
    response: DeliveryAddressesResponse,
    errors: [404],
  }),
} as const;
