/**
 * Registers a route from its entry in the contract's endpoint table: method, path, access, the
 * request schemas and the success answer's schema all come from the table, so the route file holds
 * only the line that hands the parsed input to the service.
 */
import type { EndpointDef } from '@nido/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request as the handler sees it: params, query string and body parsed by the endpoint's schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

type Answer<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

export type EndpointHandler<E extends EndpointDef> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply>;

/** Any Fastify instance: the app's own type lives above platform/. */
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/** Adds the route of `e` (under the plugin's /api prefix) with `handler`. */
export function serve<E extends EndpointDef>(app: AnyFastify, e: E, handler: EndpointHandler<E>): void {
  app.route({
    method: e.method,
    url: e.path,
    config: { access: e.access, ...(e.errorList ? { errorList: true } : {}) },
    schema: {
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      // A query string names only the endpoint's fields: another one is refused, as the document says.
      ...(e.query ? { querystring: e.query instanceof z.ZodObject ? e.query.strict() : e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response ? { response: { 200: e.response } } : {}),
    },
    handler: handler as never,
  });
}
