/**
 * The API document must declare every answer the server gives: a test file that exercises routes
 * ends with `expectAnswersDocumented(ctx)`, which checks each status its requests got against
 * /api/docs/json, and that every error they got carries a code of the message catalogue (which the
 * web translates).
 */
import { messageCodes } from '@nido/contract';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

export async function apiDocument(ctx: TestContext) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
}

export async function expectAnswersDocumented(ctx: TestContext) {
  const doc = await apiDocument(ctx);
  const undeclared: string[] = [];
  for (const [key, statuses] of ctx.observed) {
    const [method, route] = key.split(' ');
    const operation = doc.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    if (!operation) {
      undeclared.push(`${key}: not in the document`);
      continue;
    }
    for (const status of statuses) if (!operation.responses[status]) undeclared.push(`${key} → ${status}`);
  }
  expect(undeclared).toEqual([]);
  expect(ctx.observed.size).toBeGreaterThan(0);
  const known = new Set(messageCodes());
  const unknownCodes = [...ctx.errorCodes].flatMap(([key, codes]) =>
    [...codes].filter((code) => !known.has(code)).map((code) => `${key}: ${code}`),
  );
  expect(unknownCodes).toEqual([]);
}
