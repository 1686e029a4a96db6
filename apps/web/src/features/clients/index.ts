/** Clients (the server's domains/clients): their records, users and delivery addresses. What other features may use. */
export { useAddresses, useClient, useClientList } from './api.ts';
