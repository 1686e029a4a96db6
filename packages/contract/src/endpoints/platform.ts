import { HealthResponse, ReadyResponse } from '../common.ts';
import { endpoint } from './endpoint.ts';

/** The server itself. */
export const platformEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Whether the server and its database answer (for a load balancer)',
    response: HealthResponse,
    errors: [503],
    errorBodies: { 503: HealthResponse },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary: 'Whether this process should take traffic: migrations applied, database up, no old mail backlog',
    response: ReadyResponse,
    errors: [503],
    errorBodies: { 503: ReadyResponse },
  }),
} as const;
