/**
 * Completes the OpenAPI document @fastify/swagger builds from the route schemas with what the
 * endpoint table knows and the schemas cannot say: every status an operation can answer (with the
 * error body), the media type of a download, the bearer security scheme and who needs it, and the
 * multipart bodies of uploads.
 */
import {
  type EndpointDef,
  ErrorBody,
  type ErrorStatus,
  endpointList,
  STORABLE_TEXT,
  statusesOf,
} from '@nido/contract';
import { z } from 'zod';

type Operation = {
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
  parameters?: Array<{ in: string; schema?: JsonSchema }>;
};
type JsonSchema = { [key: string]: unknown };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

const STATUS_TEXT: Record<number, string> = {
  204: 'No content',
  400: 'Malformed request (JSON or multipart), or an unusable reset link',
  401: 'No valid session (or, at sign-in, wrong email or password)',
  403: "The caller's role may not make this call",
  404: 'Not found, or not the caller’s to see',
  409: 'Conflicts with the current state (e.g. the order was already submitted)',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Invalid input: a message, and messages per field',
  429: 'Too many attempts: wait Retry-After seconds',
  500: 'Internal server error',
  503: 'A service the call needs is unavailable',
};

/** What a `busy` endpoint's 503 adds (platform/workers.ts). */
const BUSY_TEXT =
  ', or the server is busy (its worker threads and their queue are full): nothing was written; try again after Retry-After seconds';

const ErrorList = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'output' }) },
});

/** An uploaded image: the file, not modified since (its name is its version), or no such image. */
const UPLOAD_RESPONSES = {
  200: {
    description: 'The image',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  },
  304: { description: 'Not modified' },
  404: { description: STATUS_TEXT[404], content: json(ErrorBody) },
  422: { description: STATUS_TEXT[422], content: json(ErrorBody) },
};

/**
 * What the input guard (input.ts) refuses, said where a client reads it: every string of the
 * request holds no control character (a pattern of its own, or beside the field's own pattern), and
 * a query string or a path has no null (it is text: `null` would be the word).
 */
function statesTheInputGuard(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if (!parameter.schema) continue;
    if (parameter.in === 'query' || parameter.in === 'path') parameter.schema = withoutNull(parameter.schema);
    storableStrings(parameter.schema);
  }
  const body = operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  const jsonBody = body?.content?.['application/json']?.schema;
  if (jsonBody) storableStrings(jsonBody);
}

function storableStrings(schema: JsonSchema): void {
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      const s = node as JsonSchema;
      // A record's keys are strings too (a keyword OpenAPI 3.1 and JSON Schema tools read).
      if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
        s.propertyNames = { type: 'string', ...(s.propertyNames as JsonSchema | undefined) };
      if (s.type === 'string' && !s.enum && !s.format && !s.const) {
        const own = [s.pattern, ...((s.allOf as JsonSchema[] | undefined) ?? []).map((a) => a.pattern)];
        if (!own.includes(STORABLE_TEXT.source)) {
          if (s.pattern === undefined) s.pattern = STORABLE_TEXT.source;
          else
            s.allOf = [...((s.allOf as JsonSchema[] | undefined) ?? []), { pattern: STORABLE_TEXT.source }];
        }
      }
      stack.push(...Object.values(s));
    }
  }
}

/**
 * An upload's parts: a file part is binary (required unless the field says it is optional); the
 * JSON part is the handler's parsed body, sent as application/json, required when that body has a
 * required field.
 */
function multipartBody(e: EndpointDef) {
  const parts = Object.entries(e.multipart ?? {});
  const json = e.parsedBody ? inputSchema(e.parsedBody) : undefined;
  const required = parts
    .filter(([, field]) => (field.file ? !field.optional : Boolean(json?.required?.length)))
    .map(([name]) => name);
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          // The server reads these parts only; another one is refused (413: too many parts).
          additionalProperties: false,
          properties: Object.fromEntries(
            parts.map(([name, field]) => [
              name,
              field.file
                ? { type: 'string', format: 'binary', minLength: 1, description: field.description }
                : json
                  ? { ...json, description: field.description }
                  : { type: 'string', pattern: STORABLE_TEXT.source, description: field.description },
            ]),
          ),
          required,
        },
        encoding: Object.fromEntries(
          parts
            .filter(([, field]) => !field.file && json)
            .map(([name]) => [name, { contentType: 'application/json' }]),
        ),
      },
    },
  };
}

function inputSchema(
  schema: z.ZodType,
): JsonSchema & { required?: string[]; properties?: Record<string, JsonSchema> } {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  storableStrings(rest);
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = inputSchema(schema);
  return Object.entries(properties).map(([name, property]) => ({
    in: 'query',
    name,
    required: required.includes(name),
    schema: withoutNull(property),
  }));
}

/** A query string holds text: `null` there would be the word, so a nullable field is just optional. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const { nullable: _, ...rest } = schema;
  const options = (rest.anyOf as JsonSchema[] | undefined)?.filter((o) => o.type !== 'null').map(withoutNull);
  if (!options) return rest;
  const { anyOf: __, ...others } = rest;
  return options.length === 1 ? { ...others, ...options[0] } : { ...others, anyOf: options };
}

/** The table's endpoints by OpenAPI path and method: `/api/pedido/{id}` → `get`. */
function endpointIndex(): Map<string, EndpointDef> {
  const index = new Map<string, EndpointDef>();
  for (const e of endpointList)
    index.set(`${e.method.toLowerCase()} /api${e.path.replace(/:(\w+)/g, '{$1}')}`, e);
  return index;
}

export function completeOpenApi<T extends object>(document: T): T {
  const doc = document as Document;
  const index = endpointIndex();
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'The accessToken of POST /api/login' },
    },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      statesTheInputGuard(operation);
      if (path === '/uploads/{name}') operation.responses = UPLOAD_RESPONSES;
      const e = index.get(`${method} ${path}`);
      if (!e) continue;
      operation.security = e.access === 'public' ? [] : [{ bearerAuth: [] }];
      operation.responses ??= {};
      const responses = operation.responses;
      for (const status of statusesOf(e)) {
        if (responses[status]) continue;
        responses[status] =
          status === 204
            ? { description: STATUS_TEXT[204] }
            : status === 200
              ? { description: 'OK' }
              : {
                  description: STATUS_TEXT[status] ?? 'Error',
                  content: json(
                    e.errorBodies?.[status as ErrorStatus] ??
                      (status === 422 && e.errorList ? ErrorList : ErrorBody),
                  ),
                };
      }
      // A worker-thread endpoint's 503 (record 061): busy, try again after Retry-After seconds.
      if (e.busy)
        responses[503] = {
          ...(responses[503] as object),
          description: STATUS_TEXT[503] + BUSY_TEXT,
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before trying again (when the server is busy)',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        };
      // A download's answer is its bytes, whatever the route's default answer says.
      if (e.file)
        responses[200] = {
          description: 'The file',
          content: { [e.file]: { schema: { type: 'string', format: 'binary' } } },
        };
      if (e.multipart) operation.requestBody = multipartBody(e);
      // A DELETE whose ids the handler reads from the body or the query string: documented as the query.
      else if (e.method === 'DELETE' && e.parsedBody && !operation.parameters?.some((p) => p.in === 'query'))
        operation.parameters = [...(operation.parameters ?? []), ...queryParameters(e.parsedBody)];
    }
  }
  return document;
}
