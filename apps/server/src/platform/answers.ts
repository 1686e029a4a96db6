/**
 * How answers are written: fast-json-stringify, compiled once per route from the JSON Schema of the
 * endpoint's zod answer. Like zod's parse it writes only the declared fields (a column added to a
 * query never leaks), at a fraction of the cost of parsing every answer with zod (decision 032).
 *
 * With `check` (the test suites and the browser journeys), every answer is also encoded by the zod
 * schema and the two must agree: an answer that breaks its contract fails the test that made it.
 */

import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/** The JSON Schema fast-json-stringify compiles: what the wire carries (zod's input side). */
function wireSchema(schema: z.ZodType): object {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

export class AnswerBreaksContract extends Error {
  constructor(route: string, detail: string) {
    super(`the answer of ${route} does not match its schema: ${detail}`);
  }
}

export function answerSerializerCompiler(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = fastJson(wireSchema(schema) as never) as Serializer;
    if (!check) return write;
    const route = `${method} ${url}`;
    return (data: unknown) => {
      const encoded = z.safeEncode(schema, data as never);
      if (!encoded.success) throw new AnswerBreaksContract(route, z.prettifyError(encoded.error));
      const written = write(data);
      const expected: unknown = JSON.parse(JSON.stringify(encoded.data));
      if (!isDeepStrictEqual(JSON.parse(written), expected))
        throw new AnswerBreaksContract(route, `written ${written}, expected ${JSON.stringify(expected)}`);
      return written;
    };
  };
}
