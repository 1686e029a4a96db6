import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerBreaksContract, answerSerializerCompiler } from './answers.ts';

const Line = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  price: z.number(),
  tags: z.array(z.string()),
  embroidery: z.object({ letters: z.string() }).optional(),
  status: z.union([z.literal('pending'), z.literal('done')]),
});
const line = { id: 7, name: 'Capazo', note: null, price: 12.5, tags: ['a'], status: 'pending' as const };

const compile = (check: boolean) =>
  answerSerializerCompiler(check)({ schema: Line, method: 'GET', url: '/api/x', httpPart: 'body' }) as (
    data: unknown,
  ) => string;

describe('answers written from the endpoint schema', () => {
  for (const check of [false, true]) {
    it(`writes the declared fields, nulls, nested and optional ones (check ${check})`, () => {
      const write = compile(check);
      expect(JSON.parse(write(line))).toEqual(line);
      const full = { ...line, embroidery: { letters: 'Lucía' } };
      expect(JSON.parse(write(full))).toEqual(full);
    });

    it(`never writes a field the schema does not declare (check ${check})`, () => {
      const written = JSON.parse(compile(check)({ ...line, password_hash: 'secret' }));
      expect(written).not.toHaveProperty('password_hash');
      expect(written).toEqual(line);
    });
  }

  it('under check, refuses an answer that breaks the schema and names the route', () => {
    const write = compile(true);
    expect(() => write({ ...line, status: 'lost' })).toThrow(AnswerBreaksContract);
    expect(() => write({ ...line, id: undefined })).toThrow(/GET \/api\/x/);
  });
});
