/**
 * Completes the OpenAPI document @fastify/swagger builds from the route schemas with what the
 * endpoint table knows and the schemas cannot say: every status an operation can answer (with the
 * error body), the media type of a download, the bearer security scheme and who needs it, and the
 * multipart bodies of uploads.
 */
import { type EndpointDef, ErrorBody, type ErrorStatus, endpointList, statusesOf } from '@nido/contract';
import { z } from 'zod';

type Operation = {
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
};
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

const ErrorList = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'output' }) },
});

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
      // A download's answer is its bytes, whatever the route's default answer says.
      if (e.file)
        responses[200] = {
          description: 'The file',
          content: { [e.file]: { schema: { type: 'string', format: 'binary' } } },
        };
      if (e.multipart) {
        operation.requestBody = {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(
                  Object.entries(e.multipart).map(([name, field]) => [
                    name,
                    field.file
                      ? { type: 'string', format: 'binary', description: field.description }
                      : { type: 'string', description: field.description },
                  ]),
                ),
              },
            },
          },
        };
      }
    }
  }
  return document;
}
