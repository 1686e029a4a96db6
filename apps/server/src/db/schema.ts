/**
 * The database schema: every entity of product.md §5. Table and column names are the API's wire words
 * (DESIGN.md conventions). Money is integer cents (`*_cents`); the wire carries euros.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Column groups several tables share.

/** The contract's TAX_REGIMES (tax.ts), written out: drizzle-kit loads this file without the workspace. */
const TAX_REGIMES = ['general', 'recargo', 'intracomunitario', 'exportacion'] as const;

/** An instant: a timestamp with time zone. */
const instant = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A row's parent: required, and the row is deleted with it. */
const parentId = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** An image's files under /uploads: the full image and its thumbnail. */
const imageFiles = () => ({ url_img: text('url_img').notNull(), thumb_url: text('thumb_url') });

/**
 * The indexes of an image table: an owner's images, and at most one main image per owner (the
 * flag `main`; named `<table>_one_<flag>`).
 */
const imageIndexes = (table: string, ownerWord: string, owner: AnyPgColumn, main: AnyPgColumn) => [
  index(`${table}_${ownerWord}_idx`).on(owner),
  uniqueIndex(`${table}_one_${main.name}`).on(owner).where(sql`${main}`),
];

/** The model a catalogue row belongs to, by code: deleted with the model, and follows a new code. */
const modelCode = (name: string) =>
  text(name)
    .notNull()
    .references(() => modelos.modelo, { onDelete: 'cascade', onUpdate: 'cascade' });

/**
 * A partial index of the rows whose English text is missing (empty, spaces, or the legacy text
 * NULL: the contract's hasText), for the missing-translation report's counts and pages (record 056):
 * the same predicate as catalogue/translations/queries.ts `missing`.
 */
function missingEnglish(name: string, key: AnyPgColumn, english: AnyPgColumn) {
  return index(name).on(key).where(sql`btrim(${english}) in ('', 'NULL')`);
}

// ── Clients and accounts ──────────────────────────────────────────────────────────────────────

export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    /** Trade name shown everywhere. */
    nomcome: text('nomcome').notNull(),
    /** Legal name. */
    nombre: text('nombre').notNull().default(''),
    cif: text('cif').notNull().default(''),
    email: text('email').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    poblacion: text('poblacion').notNull().default(''),
    provincia: text('provincia').notNull().default(''),
    cp: text('cp').notNull().default(''),
    pais: text('pais').notNull().default('España'),
    /** Tax regime (contract tax.ts): general, recargo, intracomunitario or exportacion. */
    regimen_fiscal: text('regimen_fiscal', { enum: TAX_REGIMES }).notNull().default('general'),
    /** Sales representative assigned to this client (product.md §3 rule decided in DESIGN.md). */
    representante_id: integer('representante_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** The client's price list (record 049); null = PVP. A deleted list leaves its clients on PVP. */
    tarifa_id: integer('tarifa_id').references((): AnyPgColumn => tarifas.id, { onDelete: 'set null' }),
    /** The client's own extra discount, basis points (1250 = 12.5 %), applied after its list's. */
    descuento_bp: integer('descuento_bp').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    /** Lower-cased, accent-free text for the client search (trigram index). */
    search_text: text('search_text').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('clientes_nomcome_not_blank', sql`length(trim(${t.nomcome})) > 0`),
    check(
      'clientes_regimen_fiscal_valid',
      sql`${t.regimen_fiscal} in ('general','recargo','intracomunitario','exportacion')`,
    ),
    index('clientes_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('clientes_representante_idx').on(t.representante_id),
    index('clientes_nomcome_idx').on(t.nomcome, t.id),
    check('clientes_descuento_range', sql`${t.descuento_bp} between 0 and 10000`),
  ],
);

/**
 * A client's delivery addresses (kept by the Admin and by the client's users). A client with
 * addresses has exactly one default: at most one by the partial unique index, at least one because
 * the service makes the first the default and moves the flag on when the default is deleted.
 */
export const cliente_direcciones = pgTable(
  'cliente_direcciones',
  {
    id: serial('id').primaryKey(),
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** The label or consignee ("Tienda centro", "Almacén"). */
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull().default(''),
    cp: text('cp').notNull().default(''),
    poblacion: text('poblacion').notNull().default(''),
    provincia: text('provincia').notNull().default(''),
    pais: text('pais').notNull().default('España'),
    telefono: text('telefono').notNull().default(''),
    predeterminada: boolean('predeterminada').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('cliente_direcciones_nombre_not_blank', sql`length(trim(${t.nombre})) > 0`),
    index('cliente_direcciones_cliente_idx').on(t.cliente_id, t.id),
    uniqueIndex('cliente_direcciones_one_default').on(t.cliente_id).where(sql`${t.predeterminada}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role', { enum: ['Admin', 'Cliente', 'Representante'] }).notNull(),
    cliente_id: integer('cliente_id').references((): AnyPgColumn => clientes.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    active: boolean('active').notNull().default(true),
    infosend: boolean('infosend').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_cliente_idx').on(t.cliente_id),
    check('users_role_valid', sql`${t.role} in ('Admin','Cliente','Representante')`),
    check('users_language_valid', sql`${t.language} in ('es','en')`),
    check('users_cliente_required', sql`${t.role} <> 'Cliente' or ${t.cliente_id} is not null`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A table of secrets handed to users (a session's bearer token, a password reset link), each kept
 * only as its SHA-256 hash with its expiry: a hash finds its row, a user's rows go with the user.
 */
function userSecrets<N extends string, Extra extends Record<string, PgColumnBuilderBase>>(
  name: N,
  extra: Extra,
) {
  const columns = {
    id: serial('id').primaryKey(),
    user_id: parentId('user_id', () => users.id),
    /** SHA-256 of the secret; the secret itself is never stored. */
    token_hash: text('token_hash').notNull(),
    expires_at: instant('expires_at').notNull(),
  };
  return pgTable(name, { ...columns, ...extra }, (t) => [
    uniqueIndex(`${name}_hash_unique`).on(t.token_hash),
    index(`${name}_user_idx`).on(t.user_id),
  ]);
}

export const access_tokens = userSecrets('access_tokens', {
  created_at: createdAt(),
  last_used_at: instant('last_used_at').notNull().defaultNow(),
  revoked_at: instant('revoked_at'),
});

export const password_resets = userSecrets('password_resets', {
  used_at: instant('used_at'),
  created_at: createdAt(),
});

/** Failed authentication attempts, keyed by "email:x" or "ip:x", for throttling across processes. */
export const auth_failures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);

// ── Catalogue ─────────────────────────────────────────────────────────────────────────────────

export const colecciones = pgTable(
  'colecciones',
  {
    id: serial('id').primaryKey(),
    /** Display name. */
    nombre: text('nombre').notNull(),
    nombre_en: text('nombre_en').notNull().default(''),
    /** Short code of the collection, e.g. "OI26". */
    coleccion: text('coleccion').notNull(),
    activado: boolean('activado').notNull().default(true),
    solorepresentantes: boolean('solorepresentantes').notNull().default(false),
    position: integer('position').notNull().default(0),
    /**
     * The order window, days in Europe/Madrid (record 053): orders from `pedido_desde` through
     * `pedido_hasta`, the last day to order. Either may be null: no bound on that side.
     */
    pedido_desde: date('pedido_desde', { mode: 'string' }),
    pedido_hasta: date('pedido_hasta', { mode: 'string' }),
    /** The delivery window: ships from / until; both null means "immediate". */
    entrega_desde: date('entrega_desde', { mode: 'string' }),
    entrega_hasta: date('entrega_hasta', { mode: 'string' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('colecciones_coleccion_unique').on(t.coleccion),
    missingEnglish('colecciones_missing_en_idx', t.id, t.nombre_en),
    check('colecciones_nombre_not_blank', sql`length(trim(${t.nombre})) > 0`),
    check(
      'colecciones_pedido_window',
      sql`${t.pedido_desde} is null or ${t.pedido_hasta} is null or ${t.pedido_desde} <= ${t.pedido_hasta}`,
    ),
    check(
      'colecciones_entrega_window',
      sql`${t.entrega_desde} is null or ${t.entrega_hasta} is null or ${t.entrega_desde} <= ${t.entrega_hasta}`,
    ),
  ],
);

export const coleccion_imagenes = pgTable(
  'coleccion_imagenes',
  {
    id: serial('id').primaryKey(),
    colecciones_id: parentId('colecciones_id', () => colecciones.id),
    ...imageFiles(),
    /** The collection's main image (the wire calls it the initial flag). */
    initial: boolean('initial').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => imageIndexes('coleccion_imagenes', 'coleccion', t.colecciones_id, t.initial),
);

export const modelos = pgTable(
  'modelos',
  {
    /** The model code. */
    modelo: text('modelo').primaryKey(),
    descripcion: text('descripcion').notNull(),
    descripcion_en: text('descripcion_en').notNull().default(''),
    pvp_cents: integer('pvp_cents').notNull().default(0),
    /** 1 simple line mode; 2 custom (sectioned) line mode. */
    personalizado: integer('personalizado').notNull().default(1),
    modelobordado: text('modelobordado').notNull().default('0802'),
    /** 1-7 a family; anything above 7 means none. */
    familia: integer('familia').notNull().default(8),
    /** Inactive flag. */
    baja: boolean('baja').notNull().default(false),
    /** Lower-cased, accent-free "code description descripcion_en" for search (trigram index). */
    search_text: text('search_text').notNull().default(''),
    /**
     * In at least one active, not representatives-only collection (a client user may see it when
     * not baja). Kept by triggers on coleccion_modelos and colecciones (migration 0004), so the
     * search filters on a column instead of joining every match to its collections.
     */
    client_visible: boolean('client_visible').notNull().default(false),
    /** The smallest quantity a line of this model may have. */
    cantidad_minima: integer('cantidad_minima').notNull().default(1),
    /** The pack size: a line's quantity must be a multiple of it (bibs sold in threes). */
    multiplo: integer('multiplo').notNull().default(1),
    /**
     * The colour grid (issue 30): the option group whose options a shop may order several of at once,
     * one line each; null: none. It counts only while the model offers the group.
     */
    grupo_rejilla_id: integer('grupo_rejilla_id').references(() => parametros_grupos.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('modelos_modelo_not_blank', sql`length(trim(${t.modelo})) > 0`),
    check('modelos_pvp_non_negative', sql`${t.pvp_cents} >= 0`),
    check('modelos_personalizado_valid', sql`${t.personalizado} in (1, 2)`),
    check('modelos_familia_positive', sql`${t.familia} >= 1`),
    check('modelos_cantidad_minima_positive', sql`${t.cantidad_minima} >= 1`),
    check('modelos_multiplo_positive', sql`${t.multiplo} >= 1`),
    index('modelos_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('modelos_active_idx').on(t.baja, t.modelo),
    missingEnglish('modelos_missing_en_idx', t.modelo, t.descripcion_en),
  ],
);

export const modelo_imagenes = pgTable(
  'modelo_imagenes',
  {
    id: serial('id').primaryKey(),
    modelos_modelo: modelCode('modelos_modelo'),
    ...imageFiles(),
    /** Colour code this image shows (ties the slider to the chosen colour); null = any. */
    color0: text('color0'),
    principal: boolean('principal').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => imageIndexes('modelo_imagenes', 'modelo', t.modelos_modelo, t.principal),
);

/**
 * Where each embroidery position goes on a model's main image (catalogue/embroidery, record 059):
 * a box as fractions of the image's width and height, so every size of the image shares it. A
 * position of the model's embroidery options without a row here is drawn in the default box.
 */
export const embroidery_boxes = pgTable(
  'embroidery_boxes',
  {
    modelos_modelo: modelCode('modelos_modelo'),
    /** The position's Spanish name, as the embroidery option lists it and a line stores it. */
    posicion: text('posicion').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    w: doublePrecision('w').notNull(),
    h: doublePrecision('h').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.modelos_modelo, t.posicion] }),
    check(
      'embroidery_boxes_inside_image',
      sql`${t.x} >= 0 and ${t.y} >= 0 and ${t.w} > 0 and ${t.h} > 0 and ${t.x} + ${t.w} <= 1.0001 and ${t.y} + ${t.h} <= 1.0001`,
    ),
  ],
);

/**
 * The key that signs embroidery preview addresses (record 059): one row, made by the migration from
 * the database's strong random source, so every process behind the proxy signs alike.
 */
export const embroidery_preview_key = pgTable(
  'embroidery_preview_key',
  {
    id: integer('id').primaryKey().default(1),
    secret: text('secret').notNull(),
  },
  (t) => [check('embroidery_preview_key_one_row', sql`${t.id} = 1`)],
);

export const coleccion_modelos = pgTable(
  'coleccion_modelos',
  {
    colecciones_id: parentId('colecciones_id', () => colecciones.id),
    modelos_modelo: modelCode('modelos_modelo'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.colecciones_id, t.modelos_modelo] }),
    index('coleccion_modelos_modelo_idx').on(t.modelos_modelo),
  ],
);

export const parametros_grupos = pgTable(
  'parametros_grupos',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    nombre_en: text('nombre_en').notNull().default(''),
    activado: boolean('activado').notNull().default(true),
    /** Default size (price multiplier) for a new model↔group link. */
    size: numeric('size', { precision: 10, scale: 3, mode: 'number' }).notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('parametros_grupos_nombre_not_blank', sql`length(trim(${t.nombre})) > 0`),
    check('parametros_grupos_size_non_negative', sql`${t.size} >= 0`),
    missingEnglish('parametros_grupos_missing_en_idx', t.id, t.nombre_en),
  ],
);

/** Sections of options inside a group (the parameter editor shows one table per section). */
export const parametro_sections = pgTable(
  'parametro_sections',
  {
    id: serial('id').primaryKey(),
    parametros_grupos_id: parentId('parametros_grupos_id', () => parametros_grupos.id),
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('parametro_sections_grupo_idx').on(t.parametros_grupos_id),
    missingEnglish('parametro_sections_missing_en_idx', t.id, t.name_en),
  ],
);

export const parametros = pgTable(
  'parametros',
  {
    id: serial('id').primaryKey(),
    parametros_grupos_id: parentId('parametros_grupos_id', () => parametros_grupos.id),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    nombre_en: text('nombre_en').notNull().default(''),
    /** Swatch colour, #rrggbb. */
    color: text('color'),
    price_cents: integer('price_cents').notNull().default(0),
    /** Maximum embroidery letters (0 = no embroidery name). */
    letters: integer('letters').notNull().default(0),
    /** The option needs an embroidery colour. */
    embroidery_color: boolean('embroidery_color').notNull().default(false),
    /** Comma-separated embroidery positions ('' = none needed). */
    embroidery_position: text('embroidery_position').notNull().default(''),
    /** The positions' English names, comma-separated in the same order ('' entry = none). */
    embroidery_position_en: text('embroidery_position_en').notNull().default(''),
    activado: boolean('activado').notNull().default(true),
    imagen: text('imagen'),
    position: integer('position').notNull().default(0),
    /** null = the group's default section. */
    section_id: integer('section_id').references(() => parametro_sections.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('parametros_grupo_position_idx').on(t.parametros_grupos_id, t.position),
    missingEnglish('parametros_missing_en_idx', t.id, t.nombre_en),
    check('parametros_price_non_negative', sql`${t.price_cents} >= 0`),
    check('parametros_letters_non_negative', sql`${t.letters} >= 0`),
    check('parametros_color_hex', sql`${t.color} is null or ${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/** Named sections that arrange a model's groups in the configurator. */
export const section_models = pgTable(
  'section_models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
  },
  (t) => [missingEnglish('section_models_missing_en_idx', t.id, t.name_en)],
);

/** The model↔group pivot: which option groups a model offers, in which section and order, at which size. */
export const modelo_grupos = pgTable(
  'modelo_grupos',
  {
    modelos_modelo: modelCode('modelos_modelo'),
    parametros_grupos_id: parentId('parametros_grupos_id', () => parametros_grupos.id),
    position: integer('position').notNull().default(0),
    /** null = the default section. */
    section_models_id: integer('section_models_id').references(() => section_models.id, {
      onDelete: 'set null',
    }),
    /** Price multiplier of this group's options for this model. */
    size: numeric('size', { precision: 10, scale: 3, mode: 'number' }).notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.modelos_modelo, t.parametros_grupos_id] }),
    index('modelo_grupos_grupo_idx').on(t.parametros_grupos_id),
    check('modelo_grupos_size_non_negative', sql`${t.size} >= 0`),
  ],
);

// ── Price lists (record 049) ──────────────────────────────────────────────────────────────────

/** A named price list: a discount off PVP (basis points) for every model it has no other rule for. */
export const tarifas = pgTable(
  'tarifas',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    descuento_bp: integer('descuento_bp').notNull().default(0),
    /** The shipping charge of an order of a client on this list, cents; null = none. */
    porte_cents: integer('porte_cents'),
    /** The goods' net total (before tax) from which shipping is free, cents; null = never free. */
    porte_gratis_desde_cents: integer('porte_gratis_desde_cents'),
    /** The smallest goods' net total (before tax) of a client's first order, cents; null = none. */
    pedido_minimo_primero_cents: integer('pedido_minimo_primero_cents'),
    /** The smallest goods' net total (before tax) of a client's next orders, cents; null = none. */
    pedido_minimo_cents: integer('pedido_minimo_cents'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('tarifas_nombre_unique').on(t.nombre),
    check('tarifas_nombre_not_blank', sql`length(trim(${t.nombre})) > 0`),
    check('tarifas_descuento_range', sql`${t.descuento_bp} between 0 and 10000`),
    check('tarifas_porte_non_negative', sql`${t.porte_cents} >= 0`),
    check('tarifas_porte_gratis_non_negative', sql`${t.porte_gratis_desde_cents} >= 0`),
    check('tarifas_pedido_minimo_primero_non_negative', sql`${t.pedido_minimo_primero_cents} >= 0`),
    check('tarifas_pedido_minimo_non_negative', sql`${t.pedido_minimo_cents} >= 0`),
  ],
);

/** A price list's discount for one collection or for one family (exactly one of the two). */
export const tarifa_descuentos = pgTable(
  'tarifa_descuentos',
  {
    id: serial('id').primaryKey(),
    tarifa_id: parentId('tarifa_id', () => tarifas.id),
    colecciones_id: integer('colecciones_id').references(() => colecciones.id, { onDelete: 'cascade' }),
    familia: integer('familia'),
    descuento_bp: integer('descuento_bp').notNull(),
  },
  (t) => [
    uniqueIndex('tarifa_descuentos_coleccion_unique').on(t.tarifa_id, t.colecciones_id),
    uniqueIndex('tarifa_descuentos_familia_unique').on(t.tarifa_id, t.familia),
    index('tarifa_descuentos_coleccion_idx').on(t.colecciones_id),
    check('tarifa_descuentos_one_target', sql`(${t.colecciones_id} is null) <> (${t.familia} is null)`),
    check('tarifa_descuentos_range', sql`${t.descuento_bp} between 0 and 10000`),
  ],
);

/** A price list's net price of one model (it overrides every discount of the list). */
export const tarifa_precios = pgTable(
  'tarifa_precios',
  {
    tarifa_id: parentId('tarifa_id', () => tarifas.id),
    modelo: modelCode('modelo'),
    precio_cents: integer('precio_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tarifa_id, t.modelo] }),
    index('tarifa_precios_modelo_idx').on(t.modelo),
    check('tarifa_precios_non_negative', sql`${t.precio_cents} >= 0`),
  ],
);

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

/**
 * An order. status c is a client's open cart (at most one per client, enforced by a partial unique
 * index); processOrder turns it into w (Pending) with a docum number; an Admin moves it to p / e, or
 * cancels a pending one (x, record 057).
 */
export const pedidos = pgTable(
  'pedidos',
  {
    id: serial('id').primaryKey(),
    docum: text('docum'),
    tipodoc: text('tipodoc').notNull().default('E'),
    status: text('status', { enum: ['c', 'w', 'p', 'e', 'x'] })
      .notNull()
      .default('c'),
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    nota: text('nota').notNull().default(''),
    fecha_pedido: instant('fecha_pedido'),
    /** Who submitted it (a client user, or an admin acting for the client). */
    submitted_by: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The taxes as submitted, so a later change of the client's regime or of a rate never changes a
     * submitted order: the regime and the IVA and RE rates in basis points (2100 = 21 %). Null in
     * the cart, which is taxed as the client is taxed today.
     */
    regimen_fiscal: text('regimen_fiscal', { enum: TAX_REGIMES }),
    iva_bp: integer('iva_bp'),
    re_bp: integer('re_bp'),
    /** The shop's own purchase-order reference, kept as typed at checkout ('' when none). */
    referencia: text('referencia').notNull().default(''),
    /** The delivery date the shop asks for, kept as chosen at checkout (a Madrid day), or null. */
    fecha_entrega: date('fecha_entrega', { mode: 'string' }),
    /**
     * The delivery address chosen at checkout, while the order is the cart (null: the client's
     * default). Submission copies it into `entrega`; deleting the address falls back to the default.
     */
    direccion_id: integer('direccion_id').references(() => cliente_direcciones.id, { onDelete: 'set null' }),
    /**
     * The delivery address chosen on submission, copied (`{nombre, direccion, cp, poblacion,
     * provincia, pais, telefono}`): a later edit of the client's address never changes the order.
     * Null in the cart and for a client without addresses.
     */
    entrega: jsonb('entrega'),
    /**
     * The delivery window the order ships in (record 054): its lines' collections' window, copied on
     * submission; null: immediate (and the cart).
     */
    entrega_desde: date('entrega_desde', { mode: 'string' }),
    entrega_hasta: date('entrega_hasta', { mode: 'string' }),
    /**
     * Orders submitted together from one cart split by delivery window (record 054) share the id of
     * the first, the cart's own row; null for an order submitted alone.
     */
    lote_id: integer('lote_id').references((): AnyPgColumn => pedidos.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('pedidos_status_valid', sql`${t.status} in ('c','w','p','e','x')`),
    check('pedidos_docum_when_submitted', sql`${t.status} = 'c' or ${t.docum} is not null`),
    check('pedidos_nota_length', sql`char_length(${t.nota}) <= 500`),
    check('pedidos_referencia_length', sql`char_length(${t.referencia}) <= 30`),
    uniqueIndex('pedidos_one_cart_per_cliente').on(t.cliente_id).where(sql`${t.status} = 'c'`),
    uniqueIndex('pedidos_docum_unique').on(t.docum),
    // The lists order by fecha_pedido DESC, id DESC (PostgreSQL's DESC is NULLS FIRST): the indexes
    // follow that order exactly, and carry status so paging and counting are index-only scans.
    index('pedidos_cliente_list_idx').on(
      t.cliente_id,
      t.tipodoc,
      t.fecha_pedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
    ),
    index('pedidos_status_idx').on(t.status, t.fecha_pedido.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pedidos_list_idx').on(
      t.tipodoc,
      t.fecha_pedido.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
    ),
    /** Deleting an address clears the carts that chose it without reading every order. */
    index('pedidos_direccion_idx').on(t.direccion_id).where(sql`${t.direccion_id} is not null`),
    /** Counting a list (every submitted order of a tipodoc) reads only this small index. */
    index('pedidos_count_idx').on(t.tipodoc, t.status),
    index('pedidos_lote_idx').on(t.lote_id).where(sql`${t.lote_id} is not null`),
  ],
);

export const pedido_lineas = pgTable(
  'pedido_lineas',
  {
    id: serial('id').primaryKey(),
    pedido_id: parentId('pedido_id', () => pedidos.id),
    /** The model; null only on the shipping line, which has none. */
    modelo: text('modelo').references(() => modelos.modelo, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** Snapshot of the model's descriptions when the line was added (the shipping line: Portes/Shipping). */
    descripcion: text('descripcion').notNull().default(''),
    descripcion_en: text('descripcion_en').notNull().default(''),
    unped: integer('unped').notNull(),
    /** Unit price computed by the server from the catalogue and the client's price list, cents. */
    precio_cents: integer('precio_cents').notNull(),
    /** The unit price at PVP when the line was added (record 049), cents. */
    pvp_cents: integer('pvp_cents').notNull().default(0),
    /** Snapshot of the chosen options: [{parametros_grupos_id, grupo, grupo_en, id, codigo, nombre, nombre_en, color, price}]. */
    parametros_color: jsonb('parametros_color').notNull().default(sql`'[]'::jsonb`),
    /** Snapshot of the embroidery: {name, emb_style, emb_color, emb_color_name…, position, letters…} or null. */
    parametros_bordado: jsonb('parametros_bordado'),
    nota: text('nota').notNull().default(''),
    /** The primary line this line depends on (an embroidery surcharge); null = a primary line (wire: 0). */
    primary_line_id: integer('primary_line_id').references((): AnyPgColumn => pedido_lineas.id, {
      onDelete: 'cascade',
    }),
    /**
     * The shipping-charge line: at most one per order, kept by ordering's syncShippingLine from the
     * client's price list (tarifas.porte_cents, porte_gratis_desde_cents).
     */
    porte: boolean('porte').notNull().default(false),
    /** Canonical key of the configuration (model + options + embroidery + note) for "buy again". */
    config_key: text('config_key').notNull().default(''),
    /**
     * The collection the line was ordered through (record 054): its delivery window is the line's,
     * and its order window decides whether the line may still be submitted. Null: the model is in no
     * collection a shop sees (and the shipping line).
     */
    colecciones_id: integer('colecciones_id').references(() => colecciones.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('pedido_lineas_pedido_idx').on(t.pedido_id, t.id),
    index('pedido_lineas_primary_idx').on(t.primary_line_id),
    index('pedido_lineas_modelo_idx').on(t.modelo),
    index('pedido_lineas_coleccion_idx').on(t.colecciones_id).where(sql`${t.colecciones_id} is not null`),
    uniqueIndex('pedido_lineas_one_porte').on(t.pedido_id).where(sql`${t.porte}`),
    check('pedido_lineas_modelo_unless_porte', sql`${t.porte} or ${t.modelo} is not null`),
    check('pedido_lineas_unped_positive', sql`${t.unped} >= 1`),
    check('pedido_lineas_precio_non_negative', sql`${t.precio_cents} >= 0`),
    check('pedido_lineas_nota_length', sql`char_length(${t.nota}) <= 50`),
  ],
);

/** Every status change of an order: who, when, and (for an admin) the client acted for. */
export const pedido_status_history = pgTable(
  'pedido_status_history',
  {
    id: serial('id').primaryKey(),
    pedido_id: parentId('pedido_id', () => pedidos.id),
    from_status: text('from_status'),
    status: text('status').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: instant('at').notNull().defaultNow(),
    /** Why the change was made: a cancellation's reason (record 057); null for the other changes. */
    reason: text('reason'),
  },
  (t) => [index('pedido_status_history_pedido_idx').on(t.pedido_id, t.at)],
);

/**
 * The dashboard's summary tables (record 055), owned by ordering and kept in the transactions that
 * change what counts as a sale (ordering/sales.ts `applySales`: submitting, a status change), so a
 * dashboard request reads a few hundred rows, never the orders. The week is the ISO week of the
 * order's date in Europe/Madrid, by its Monday. `cliente_id` 0 is the sum over every client (the
 * Admin's unfiltered view); a line without a collection counts under collection 0.
 */
const salesKey = () => ({
  cliente_id: integer('cliente_id').notNull(),
  semana: date('semana', { mode: 'string' }).notNull(),
  coleccion_id: integer('coleccion_id').notNull(),
});

/**
 * Orders and goods per week, client and collection: `coleccion_id` 0 is the whole order (every
 * line); another id counts the orders with a line of that collection and those lines' goods.
 */
export const sales_weeks = pgTable(
  'sales_weeks',
  {
    ...salesKey(),
    pedidos: integer('pedidos').notNull().default(0),
    /** Goods before tax (every line but the shipping line, surcharges included), cents. */
    importe_cents: bigint('importe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cliente_id, t.coleccion_id, t.semana] })],
);

/** Units (primary lines) and goods (with their surcharges) per week, client, collection and model. */
export const sales_week_models = pgTable(
  'sales_week_models',
  {
    ...salesKey(),
    modelo: text('modelo')
      .notNull()
      .references(() => modelos.modelo, { onDelete: 'cascade', onUpdate: 'cascade' }),
    unidades: integer('unidades').notNull().default(0),
    importe_cents: bigint('importe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cliente_id, t.semana, t.coleccion_id, t.modelo] })],
);

/** The same per chosen option (a line's option snapshot: colours, fabrics…), by the option's id. */
export const sales_week_options = pgTable(
  'sales_week_options',
  {
    ...salesKey(),
    parametro_id: integer('parametro_id').notNull(),
    unidades: integer('unidades').notNull().default(0),
    importe_cents: bigint('importe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cliente_id, t.semana, t.coleccion_id, t.parametro_id] })],
);

/**
 * The last 52 weeks' sums per model and per option, ready for the dashboard's default view (record
 * 055, amendment): the weekly tables summed over a year are ~300,000 rows a request on a large
 * catalogue. `sales_recent` holds the Monday of the window's last week (one row); the window is the
 * 52 weeks ending then. `coleccion_id` 0 is every collection (as in `sales_weeks`), and `cliente_id`
 * 0 every client. Kept by `nido_apply_sales` with the weekly tables, and rebuilt from them by
 * `nido_roll_sales` when a new week starts (sales.ts `rollRecentSales`).
 */
export const sales_recent = pgTable('sales_recent', {
  semana: date('semana', { mode: 'string' }).primaryKey(),
});

export const sales_recent_models = pgTable(
  'sales_recent_models',
  {
    cliente_id: integer('cliente_id').notNull(),
    coleccion_id: integer('coleccion_id').notNull(),
    modelo: text('modelo')
      .notNull()
      .references(() => modelos.modelo, { onDelete: 'cascade', onUpdate: 'cascade' }),
    unidades: integer('unidades').notNull().default(0),
    importe_cents: bigint('importe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cliente_id, t.coleccion_id, t.modelo] })],
);

export const sales_recent_options = pgTable(
  'sales_recent_options',
  {
    cliente_id: integer('cliente_id').notNull(),
    coleccion_id: integer('coleccion_id').notNull(),
    parametro_id: integer('parametro_id').notNull(),
    unidades: integer('unidades').notNull().default(0),
    importe_cents: bigint('importe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cliente_id, t.coleccion_id, t.parametro_id] })],
);

/** Audit trail: who did what to orders and the catalogue. */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: instant('at').notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For an admin acting on behalf of a client: that client. */
    acting_cliente_id: integer('acting_cliente_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id, t.at)],
);

/**
 * The mail outbox (platform/outbox.ts, decision 035): a mail is written in the transaction of what
 * causes it (an order submitted, a reset link issued, credentials changed) and a sender in every
 * process delivers it. Its times are the database's clock, which every process shares.
 */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** The Message-ID header, made when the row is written: every try of the mail carries it. */
    message_id: text('message_id').notNull().unique(),
    /** The To header: one address, or several separated by commas. */
    recipients: text('recipients').notNull(),
    subject: text('subject').notNull(),
    /** The body, dropped once sent: a reset link must not outlive its mail in the database. */
    text: text('text'),
    html: text('html'),
    /** Its files, `[{filename, contentType, base64}]`, dropped once sent like the body. */
    attachments: jsonb('attachments'),
    /** queued (due, waiting to retry or being sent), sent, failed (out of tries; the Admin may resend it). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it: now, after a failed try's backoff, or once a try's lease runs out. */
    next_attempt_at: instant('next_attempt_at').notNull().defaultNow(),
    last_attempt_at: instant('last_attempt_at'),
    last_error: text('last_error'),
    created_at: createdAt(),
    sent_at: instant('sent_at'),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} in ('queued', 'sent', 'failed')`),
    // What the senders claim, soonest first, and the oldest waiting mail /api/ready reports.
    index('mail_outbox_queued_idx').on(t.next_attempt_at).where(sql`${t.status} = 'queued'`),
    // The Admin's list of failed mails, newest first.
    index('mail_outbox_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * An invoice of a submitted order (at most one per order): its number from the gapless yearly
 * series of invoice_counters (`F2026-000123`) and its date (a Madrid day).
 */
export const facturas = pgTable(
  'facturas',
  {
    id: serial('id').primaryKey(),
    pedido_id: integer('pedido_id')
      .notNull()
      .unique()
      .references(() => pedidos.id, { onDelete: 'restrict' }),
    numero: text('numero').notNull().unique(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('facturas_list_idx').on(t.fecha.desc(), t.id.desc())],
);

/**
 * The last invoice number of each year. Allocated with the invoice, in its transaction: the row
 * lock makes concurrent invoicing wait, and a rollback gives the number back, so the series has no gaps.
 */
export const invoice_counters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** One row: the ordering settings the Admin keeps (the delivery lead time, in days). */
export const order_settings = pgTable(
  'order_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The earliest delivery date a shop may ask for is today plus this many days. */
    delivery_lead_days: integer('delivery_lead_days').notNull().default(3),
    /** Addresses told of every new order by mail (the Admin's list; empty: none). */
    new_order_emails: text('new_order_emails').array().notNull().default(sql`'{}'::text[]`),
    /** The language of those mails. */
    new_order_emails_language: text('new_order_emails_language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    updated_at: updatedAt(),
  },
  (t) => [
    check('order_settings_one_row', sql`${t.id} = 1`),
    check('order_settings_lead_days', sql`${t.delivery_lead_days} between 0 and 365`),
    check('order_settings_new_order_emails_language', sql`${t.new_order_emails_language} in ('es','en')`),
  ],
);

/** Sequence-like counter for order document numbers, per year. */
export const docum_counters = pgTable('docum_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * One row: a number every statement that changes what a model search answers moves on (models,
 * their images, groups and options, collections; triggers of migration 0005). Search answers are
 * cached per version (catalogue/search-cache.ts); the row changes when the writing transaction
 * commits, so a cached answer is never older than the version it is filed under.
 */
export const catalog_version = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
);

/**
 * One row: a number every statement that changes which submitted orders a list shows, or their
 * order, moves on (an order leaving or entering the cart state, its date, client or type, or a
 * client's representative; triggers of migration 0006). The orders list keeps its counts and page
 * boundaries per version (orders/list-cache.ts).
 */
export const order_list_version = pgTable(
  'order_list_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('order_list_version_one_row', sql`${t.id} = 1`)],
);

/**
 * A user's notifications (domains/notifications, record 058): written in the transaction of what
 * they tell (an order submitted, an order's status changed, a mail out of tries), one statement for
 * every recipient; read newest first; `read_at` null while unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** order_submitted, order_status, mail_failed (contract NOTIFICATION_KINDS); unknown kinds are shown plainly. */
    kind: text('kind').notNull(),
    pedido_id: integer('pedido_id').references(() => pedidos.id, { onDelete: 'cascade' }),
    /** What the entry names: the order's docum and client, a status change's from and to, a mail's subject. */
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    created_at: createdAt(),
    read_at: instant('read_at'),
  },
  (t) => [
    // A user's list, newest first.
    index('notifications_user_created_idx').on(
      t.user_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unread count and mark-all-read.
    index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`),
  ],
);
