/**
 * Input the contract promises to refuse, refused: a number is an integer (or its digits, from a
 * path, a query string or a form), never `true`, `[1]`, `'1e3'` or `'9 '`; text shown to other
 * people holds no bidirectional override or zero-width character. What the OpenAPI document
 * states (integer ranges, patterns) is what the server enforces.
 */
import { ErrorBody, endpointList, STORABLE_TEXT } from '@nido/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, type Fixture, plainCapazo } from '../src/domains/catalogue/test-fixtures.ts';
import { noisyPng } from '../src/domains/catalogue/test-helpers.ts';
import { createClient, createTestContext, createUser, type TestContext, tokenFor } from './harness.ts';
import { expectAnswersDocumented } from './openapi.ts';

let ctx: TestContext;
let fx: Fixture;
let admin: { authorization: string };
let shop: { authorization: string };
let clienteId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const client = await createClient(ctx, 'Tienda Estricta');
  clienteId = client.id;
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@strict.test', role: 'Admin' })).id);
  shop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'shop@strict.test', role: 'Cliente', cliente_id: client.id })).id,
  );
}, 120_000);

afterAll(async () => ctx?.close());

const inject = (opts: InjectOptions) => ctx.app.inject(opts);

async function cartLines(): Promise<number> {
  const cart = await inject({ method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: {} });
  expect(cart.statusCode).toBe(200);
  return cart.json().detalle.length;
}

describe('numbers', () => {
  it('pedidos/lineadd refuses a quantity that is not a whole number: true, [1], "1e3", "9999 "', async () => {
    const before = await cartLines();
    for (const cantidad of [true, [1], '1e3', '9999 ', ' 1', '0x10', '', 1.5, null, {}]) {
      const res = await inject({
        method: 'POST',
        url: '/api/pedidos/lineadd',
        headers: shop,
        payload: { ...plainCapazo(fx), cantidad },
      });
      expect(res.statusCode, `cantidad ${JSON.stringify(cantidad)}: ${res.body}`).toBe(422);
      expect(res.json().issues.cantidad, JSON.stringify(cantidad)).toEqual([{ code: 'order.quantity' }]);
    }
    expect(await cartLines()).toBe(before);
    // An integer, or its digits, is a quantity.
    for (const cantidad of [2, '3']) {
      const res = await inject({
        method: 'POST',
        url: '/api/pedidos/lineadd',
        headers: shop,
        payload: { ...plainCapazo(fx), cantidad },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await cartLines()).toBe(before + 2);
  });

  it('pedidos/linequantity refuses the same', async () => {
    const cart = (
      await inject({ method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: {} })
    ).json();
    const line = cart.detalle[0];
    for (const cantidad of [true, [1], '1e3', '9999 ']) {
      const res = await inject({
        method: 'POST',
        url: '/api/pedidos/linequantity',
        headers: shop,
        payload: { pedido_id: cart.id, linea_id: line.id, cantidad },
      });
      expect(res.statusCode, `cantidad ${JSON.stringify(cantidad)}: ${res.body}`).toBe(422);
      expect(res.json().issues.cantidad).toEqual([{ code: 'order.quantity' }]);
    }
  });

  it('ids and pages in a body, a path or a query string take an integer or its digits, nothing else', async () => {
    const refused: InjectOptions[] = [
      { method: 'POST', url: '/api/pedidos/list', headers: shop, payload: { page: true } },
      { method: 'POST', url: '/api/pedidos/list', headers: shop, payload: { page: '1e3' } },
      { method: 'POST', url: '/api/pedidos/list', headers: shop, payload: { page: [2] } },
      { method: 'POST', url: '/api/modelo/modeloscoleccion', headers: shop, payload: { coleccion: '1 ' } },
      { method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: { pedido_id: true } },
      { method: 'GET', url: '/api/facturas?page=1e3', headers: admin },
      { method: 'GET', url: '/api/facturas?page=0x10', headers: admin },
      { method: 'GET', url: '/api/cliente?page=%202', headers: admin },
      { method: 'GET', url: '/api/modelo/NDCAP01?cliente_id=true', headers: admin },
      { method: 'GET', url: `/api/cliente/${clienteId}e0`, headers: admin },
      { method: 'GET', url: '/api/pedido/1.0', headers: admin },
    ];
    for (const opts of refused) {
      const res = await inject(opts);
      expect(res.statusCode, `${opts.url} ${JSON.stringify(opts.payload)}: ${res.body}`).toBe(422);
    }
    const accepted: InjectOptions[] = [
      { method: 'POST', url: '/api/pedidos/list', headers: shop, payload: { page: 2 } },
      { method: 'POST', url: '/api/pedidos/list', headers: shop, payload: { page: '2' } },
      { method: 'GET', url: '/api/facturas?page=2', headers: admin },
      { method: 'GET', url: `/api/cliente/${clienteId}`, headers: admin },
      { method: 'GET', url: `/api/modelo/NDCAP01?cliente_id=${clienteId}`, headers: admin },
    ];
    for (const opts of accepted) {
      const res = await inject(opts);
      expect(res.statusCode, `${opts.url} ${JSON.stringify(opts.payload)}: ${res.body}`).toBe(200);
    }
  });
});

const HIDDEN = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
];

type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
type Schema = { properties?: Record<string, Schema>; pattern?: string; anyOf?: Schema[]; allOf?: Schema[] };

/** The patterns the document states for a body field (through anyOf / allOf). */
function patternsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return [
    ...(schema.pattern ? [schema.pattern] : []),
    ...[...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(patternsOf),
  ];
}

describe('text shown to other people', () => {
  it('refuses every bidirectional override and zero-width character in a trade name, with its message', async () => {
    for (const ch of HIDDEN) {
      const res = await inject({
        method: 'POST',
        url: '/api/cliente',
        headers: admin,
        payload: { nomcome: `Tienda ${ch}Roja` },
      });
      expect(res.statusCode, `U+${ch.charCodeAt(0).toString(16)}: ${res.body}`).toBe(422);
      expect(res.json().issues.nomcome).toEqual([{ code: 'request.hiddenCharacter' }]);
      expect(res.json().errors.nomcome).toEqual([
        'The text contains an invisible character or one that reverses the text',
      ]);
    }
    const stored = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from clientes where nomcome like 'Tienda %Roja'",
    );
    expect(stored[0].n).toBe(0);
  });

  it('refuses them in user names, notes, references, embroidery names and addresses', async () => {
    const cart = (
      await inject({ method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: {} })
    ).json();
    const cases: Array<[InjectOptions, string]> = [
      [
        {
          method: 'POST',
          url: '/api/updateProfile',
          headers: shop,
          payload: { name: 'Ana\u200b', email: 'shop@strict.test' },
        },
        'name',
      ],
      [
        {
          method: 'POST',
          url: '/api/clienteUsers',
          headers: admin,
          payload: {
            cliente_id: clienteId,
            name: '\u202eanA',
            email: 'nueva@strict.test',
            password: 'cuna-azul-37',
            password_confirmation: 'cuna-azul-37',
          },
        },
        'name',
      ],
      [
        {
          method: 'POST',
          url: '/api/pedidos/savenote',
          headers: shop,
          payload: { pedido_id: cart.id, nota_pedido: 'Entregar \u2066mañana\u2069' },
        },
        'nota_pedido',
      ],
      [
        {
          method: 'POST',
          url: '/api/pedidos/lineadd',
          headers: shop,
          payload: { ...plainCapazo(fx), nota: 'Regalo\u2060' },
        },
        'nota',
      ],
      [
        {
          method: 'POST',
          url: '/api/pedidos/lineadd',
          headers: shop,
          payload: { ...plainCapazo(fx), parametros_bordado: { name: '\ufeffLucía' } },
        },
        'parametros_bordado.name',
      ],
      [
        {
          method: 'POST',
          url: '/api/pedidos/processOrder',
          headers: shop,
          payload: { pedido_id: cart.id, referencia: 'PO-\u202d123' },
        },
        'referencia',
      ],
      [
        {
          method: 'POST',
          url: `/api/cliente/${clienteId}/direcciones`,
          headers: admin,
          payload: { nombre: 'Almacén', poblacion: 'Sevilla\u200c' },
        },
        'poblacion',
      ],
    ];
    for (const [opts, field] of cases) {
      const res = await inject(opts);
      expect(res.statusCode, `${opts.url}: ${res.body}`).toBe(422);
      expect(res.json().issues[field], `${opts.url}: ${res.body}`).toEqual([
        { code: 'request.hiddenCharacter' },
      ]);
    }
  });

  it('takes text in any script, accents and emoji; a required name of spaces is missing', async () => {
    for (const nomcome of ['Bebés del Sur', 'متجر الأطفال', 'בית תינוקות', 'Ñandú 👶🏽']) {
      const res = await inject({ method: 'POST', url: '/api/cliente', headers: admin, payload: { nomcome } });
      expect(res.statusCode, `${nomcome}: ${res.body}`).toBe(200);
    }
    const blank = await inject({
      method: 'POST',
      url: '/api/cliente',
      headers: admin,
      payload: { nomcome: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().issues.nomcome).toEqual([{ code: 'client.nomcomeRequired' }]);
  });

  it('the OpenAPI document states the rule as a pattern the server agrees with', async () => {
    const doc = (await (await inject({ method: 'GET', url: '/api/docs/json' })).json()) as Doc;
    const body = (path: string, method = 'post') =>
      doc.paths[path][method].requestBody?.content['application/json'].schema;
    const fields: Array<[Schema | undefined, string]> = [
      [body('/api/cliente')?.properties?.nomcome, 'nomcome'],
      [body('/api/updateProfile')?.properties?.name, 'name'],
      [body('/api/pedidos/savenote')?.properties?.nota_pedido, 'nota_pedido'],
      [body('/api/pedidos/processOrder')?.properties?.referencia, 'referencia'],
      [body('/api/cliente/{clienteId}/direcciones')?.properties?.nombre, 'nombre'],
    ];
    for (const [schema, name] of fields) {
      const patterns = patternsOf(schema).map((p) => new RegExp(p));
      expect(patterns.length, name).toBeGreaterThan(0);
      const allows = (text: string) => patterns.every((p) => p.test(text));
      expect(allows('Bebés del Sur 👶'), name).toBe(true);
      for (const ch of HIDDEN)
        expect(allows(`a${ch}b`), `${name} U+${ch.charCodeAt(0).toString(16)}`).toBe(false);
      expect(allows('a\u0007b'), name).toBe(false);
    }
    // A required name: more than spaces.
    expect(
      patternsOf(body('/api/cliente')?.properties?.nomcome).every((p) => new RegExp(p).test('   ')),
    ).toBe(false);
  });
});

type Operation = {
  parameters?: Array<{ in: string; name: string; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
type FullDoc = { paths: Record<string, Record<string, Operation>> };

async function fullDocument(): Promise<FullDoc> {
  return (await inject({ method: 'GET', url: '/api/docs/json' })).json();
}

const concrete = (template: string) => template.replace(/\{\w+\}/g, '1');

describe('the document and the server agree', () => {
  it('every path answers a method it does not document with 405 and an Allow header of the documented ones, before reading the body or the session', async () => {
    const doc = await fullDocument();
    const problems: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!template.startsWith('/api/') || template.startsWith('/api/docs')) continue;
      const documented = Object.keys(operations).map((m) => m.toUpperCase());
      const allow = [...new Set([...documented, ...(documented.includes('GET') ? ['HEAD'] : [])])]
        .sort()
        .join(', ');
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        if (documented.includes(method)) continue;
        const res = await inject({
          method,
          url: concrete(template),
          headers: { ...shop, 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'OPTIONS' ? undefined : '{',
        });
        if (res.statusCode !== 405 || res.headers.allow !== allow)
          problems.push(
            `${method} ${template}: ${res.statusCode} Allow ${res.headers.allow} (documented ${allow})`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('names each path once: no two templates differ only by the names of their parameters', async () => {
    const shapes = new Map<string, string[]>();
    for (const e of endpointList) {
      const shape = e.path.replace(/:\w+/g, ':');
      const seen = shapes.get(shape) ?? [];
      if (!seen.includes(e.path)) seen.push(e.path);
      shapes.set(shape, seen);
    }
    expect([...shapes.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('a query string takes only the fields its operation documents, never null', async () => {
    const doc = await fullDocument();
    const problems: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      const query = get?.parameters?.filter((p) => p.in === 'query') ?? [];
      if (!template.startsWith('/api/') || !query.length) continue;
      for (const p of query)
        if (p.schema.nullable || JSON.stringify(p.schema).includes('"type":"null"'))
          problems.push(`${template} ${p.name} is nullable`);
      const res = await inject({
        method: 'GET',
        url: `${concrete(template)}?unknown_field=42`,
        headers: admin,
      });
      if (res.statusCode !== 422) problems.push(`${template}?unknown_field: ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('states the input guard: every string a request sends excludes control characters; a multipart form has only its parts', async () => {
    const doc = await fullDocument();
    const loose: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const n of node) visit(n, where);
      } else if (node && typeof node === 'object') {
        const s = node as Record<string, unknown>;
        if (s.type === 'string' && !s.enum && !s.format) {
          const patterns = [
            s.pattern,
            ...((s.allOf as Array<{ pattern?: string }>) ?? []).map((a) => a.pattern),
          ];
          if (!patterns.includes(STORABLE_TEXT.source)) loose.push(where);
        }
        for (const [key, child] of Object.entries(s)) visit(child, `${where}.${key}`);
      }
    };
    for (const [template, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        visit(op.parameters, `${method} ${template} parameters`);
        visit(op.requestBody?.content['application/json']?.schema, `${method} ${template} body`);
        const form = op.requestBody?.content['multipart/form-data']?.schema;
        if (form && form.additionalProperties !== false)
          loose.push(`${method} ${template} multipart is open`);
      }
    expect(loose).toEqual([]);
  });

  it('declares the answers of /uploads/{name}, and the collection editor answers its non-422 errors with the usual body', async () => {
    const doc = await fullDocument();
    expect(Object.keys(doc.paths['/uploads/{name}'].get.responses).sort()).toEqual([
      '200',
      '304',
      '404',
      '422',
    ]);
    expect((await inject({ method: 'GET', url: '/uploads/none.webp' })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: '/uploads/a%1Bb' })).statusCode).toBe(422);
    const put = await inject({ method: 'PUT', url: '/uploads/none.webp', payload: '{' });
    expect([put.statusCode, put.headers.allow]).toEqual([405, 'GET, HEAD']);
    for (const headers of [{}, shop]) {
      const res = await inject({ method: 'PUT', url: '/api/colecciones/update', headers, payload: {} });
      expect([401, 403]).toContain(res.statusCode);
      expect(ErrorBody.strict().safeParse(res.json()).success, res.body).toBe(true);
    }
  });
});

describe('what the document states, the server takes (the fuzzer found the server stricter)', () => {
  const body = (doc: any, method: string, path: string) =>
    doc.paths[path][method].requestBody.content['application/json'].schema;

  it('a model code, a name, a size and a day carry the rule the server applies', async () => {
    const doc = await fullDocument();
    const code = body(doc, 'post', '/api/coleccion/addModelo').properties.modelo.anyOf[0];
    expect(new RegExp(code.pattern).test('   ')).toBe(false);
    const section = body(doc, 'post', '/api/modelo/createSection').properties.name;
    const filled = JSON.stringify(section);
    expect(filled).toContain('NULL'); // the legacy placeholder is no name
    const size = body(doc, 'post', '/api/modelo/updateModelGroupSize').properties.size.anyOf.find(
      (option: { type: string }) => option.type === 'string',
    );
    const patterns = [size.pattern, ...(size.allOf ?? []).map((a: { pattern: string }) => a.pattern)]
      .filter(Boolean)
      .map((p: string) => new RegExp(p));
    for (const ok of ['0', '2,5', '1000', ' 7.25 '])
      expect(
        patterns.every((p) => p.test(ok)),
        ok,
      ).toBe(true);
    for (const bad of ['abc', '-1', '1000.5', '2000'])
      expect(
        patterns.every((p) => p.test(bad)),
        bad,
      ).toBe(false);
    const pvp = body(doc, 'post', '/api/modelo/update').properties.pvp;
    expect(JSON.stringify(pvp)).toContain('"maximum":1000000');
    const day = body(doc, 'post', '/api/pedidos/savedetails').properties.fecha_entrega;
    expect(JSON.stringify(day)).toContain('"format":"date"');

    for (const [name, status] of [
      ['   ', 422],
      ['NULL', 422],
      ['Bordados', 200],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: '/api/modelo/createSection',
        headers: admin,
        payload: { name },
      });
      expect(res.statusCode, name).toBe(status);
      if (status === 422) expect(res.json().errors.name).toEqual(['El nombre es requerido']);
    }
    for (const [size, message] of [
      ['abc', 'The size must be a number'],
      ['2000', 'The size must be between 0 and 1000'],
      [-1, 'The size must be between 0 and 1000'],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: '/api/parametrosgrupos',
        headers: admin,
        payload: { nombre: 'G', nombre_en: 'G', size },
      });
      expect(res.json().errors?.size, String(size)).toEqual([message]);
    }
    const update = await inject({
      method: 'POST',
      url: '/api/parametrosgrupos',
      headers: admin,
      payload: { nombre: 'Grupo', nombre_en: 'Group' },
    });
    expect(update.statusCode).toBe(200);
    // An update names only what it changes: the English name stays.
    const renamed = await inject({
      method: 'PUT',
      url: `/api/parametrosgrupos/${update.json().id}`,
      headers: admin,
      payload: { nombre: 'Grupo nuevo' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ nombre: 'Grupo nuevo', nombre_en: 'Group' });
  });

  it("a DELETE's ids are documented in the query string; an upload's JSON part as an object, sent as JSON", async () => {
    const doc = await fullDocument();
    const del = doc.paths['/api/coleccion/deleteImage'].delete.parameters as any[];
    expect(del.map((p) => [p.name, p.required])).toEqual([
      ['id', true],
      ['colecciones_id', false],
    ]);
    expect(JSON.stringify(del)).not.toContain('"null"');
    // Only what it documents: an unknown field in the query string is refused, as in a body.
    const unknown = await inject({
      method: 'DELETE',
      url: '/api/coleccion/deleteImage?id=999999&colour=1',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(422);
    const upload = (doc.paths['/api/modelo/uploadImage'].post as any).requestBody.content[
      'multipart/form-data'
    ];
    expect(upload.schema.required).toEqual(['body', 'image']);
    expect(upload.schema.properties.body.required).toEqual(['modelo']);
    expect(upload.encoding).toEqual({ body: { contentType: 'application/json' } });

    // The part as the document describes it: Content-Type application/json.
    const boundary = '----nidojson';
    const png = await noisyPng(40, 30);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ modelo: 'NDCAP01' })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await inject({
      method: 'POST',
      url: '/api/modelo/uploadImage',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a field named like a property of every object', () => {
  it('is a field like any other in the 422 (the fuzzer found a 500)', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await inject({
        method: 'POST',
        url: '/api/infoData',
        headers: { ...shop, 'content-type': 'application/json' },
        payload: `{"${name}": {"nested": 1}}`,
      });
      expect(res.statusCode, name).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([name]);
    }
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
