/**
 * The OpenAPI document at /api/docs/json is generated from the endpoint table and complete: every
 * endpoint with every status it can answer and its error body, the bearer scheme on every call that
 * needs a session, the multipart bodies of uploads. (Each integration test file also checks that the
 * statuses its requests got are declared: test/openapi.ts.) A download declares its media type.
 */
import { endpointList, statusesOf } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { apiDocument } from './openapi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> };
};

describe('the OpenAPI document', () => {
  it('has every endpoint of the table, with every status it can answer', async () => {
    const doc = (await apiDocument(ctx)) as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const problems: string[] = [];
    let operations = 0;
    for (const e of endpointList) {
      const op = doc.paths[`/api${e.path.replace(/:(\w+)/g, '{$1}')}`]?.[e.method.toLowerCase()];
      const name = `${e.method} ${e.path}`;
      if (!op) {
        problems.push(`${name}: missing`);
        continue;
      }
      operations++;
      for (const status of statusesOf(e)) {
        const answer = op.responses[status];
        if (!answer) problems.push(`${name}: no ${status}`);
        else if (status >= 400 && !answer.content?.['application/json'])
          problems.push(`${name}: ${status} has no body`);
      }
      const secured = (op.security ?? []).some((s) => 'bearerAuth' in s);
      if (secured !== (e.access !== 'public'))
        problems.push(`${name}: security ${JSON.stringify(op.security)}`);
      if (e.file && !op.responses[200]?.content?.[e.file]) problems.push(`${name}: 200 is not ${e.file}`);
      if (e.multipart) {
        const form = op.requestBody?.content['multipart/form-data']?.schema.properties ?? {};
        if (!Object.values(form).some((f) => f.format === 'binary')) problems.push(`${name}: no file part`);
      }
    }
    expect(problems).toEqual([]);
    expect(operations).toBe(endpointList.length);
    expect(operations).toBeGreaterThanOrEqual(77);
  });

  it('describes the validation rules of a body (required fields, bounds, formats)', async () => {
    const doc = (await apiDocument(ctx)) as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } }>
      >;
    };
    const note = doc.paths['/api/pedidos/savenote'].post.requestBody.content['application/json'].schema as {
      required: string[];
      properties: Record<string, { maxLength?: number; anyOf?: Array<{ maxLength?: number }> }>;
    };
    expect(note.required).toContain('pedido_id');
    const max =
      note.properties.nota_pedido.maxLength ??
      note.properties.nota_pedido.anyOf?.find((a) => a.maxLength)?.maxLength;
    expect(max).toBeGreaterThan(0);
  });
});
