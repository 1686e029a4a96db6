import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { clientes } from '../../db/schema.ts';
import { escapeLike } from '../../platform/text.ts';
import { clientUserCountSql, userNameSql } from '../account/index.ts';

/** The representative's name, from the account module. */
const representante = userNameSql(clientes.representante_id);

/** Columns of a client in the list (GET cliente, beside its user count). */
const listColumns = {
  id: clientes.id,
  nomcome: clientes.nomcome,
  nombre: clientes.nombre,
  cif: clientes.cif,
  email: clientes.email,
  telefono: clientes.telefono,
  poblacion: clientes.poblacion,
  provincia: clientes.provincia,
  activo: clientes.activo,
  representante,
};

/** Columns of a client on the wire (GET cliente/{id}): the list's and the rest of the address. */
const clienteColumns = {
  ...listColumns,
  direccion: clientes.direccion,
  cp: clientes.cp,
  pais: clientes.pais,
  regimen_fiscal: clientes.regimen_fiscal,
  representante_id: clientes.representante_id,
  tarifa_id: clientes.tarifa_id,
  descuento_bp: clientes.descuento_bp,
};

export interface ClienteListFilter {
  /** Normalised search words; every one must occur in search_text. */
  terms: string[];
  /** Only this representative's clients (Representante callers). */
  representanteId?: number;
}

function listWhere(filter: ClienteListFilter): SQL | undefined {
  const conds: SQL[] = filter.terms.map((t) => sql`${clientes.search_text} like ${`%${escapeLike(t)}%`}`);
  if (filter.representanteId != null) conds.push(eq(clientes.representante_id, filter.representanteId));
  return conds.length ? and(...conds) : undefined;
}

/** One page of clients ordered by trade name, with their user count and representative's name. */
export async function findClientesPage(db: Db, filter: ClienteListFilter, limit: number, offset: number) {
  return db
    .select({ ...listColumns, usuarios: clientUserCountSql(clientes.id) })
    .from(clientes)
    .where(listWhere(filter))
    .orderBy(asc(clientes.nomcome), asc(clientes.id))
    .limit(limit)
    .offset(offset);
}

export async function countClientes(db: Db, filter: ClienteListFilter): Promise<number> {
  return countRows(db, clientes, listWhere(filter));
}

export async function findCliente(db: Db | Tx, id: number) {
  const [row] = await db.select(clienteColumns).from(clientes).where(eq(clientes.id, id)).limit(1);
  return row;
}

/** What an order document says of its client: legal name, tax id, address. */
export async function findClienteFiscal(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      nomcome: clientes.nomcome,
      nombre: clientes.nombre,
      cif: clientes.cif,
      direccion: clientes.direccion,
      cp: clientes.cp,
      poblacion: clientes.poblacion,
      provincia: clientes.provincia,
      pais: clientes.pais,
    })
    .from(clientes)
    .where(eq(clientes.id, id))
    .limit(1);
  return row;
}

/** The client's own address and trade name: where its order confirmations go when it has no active user. */
export async function findClienteMail(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ nomcome: clientes.nomcome, email: clientes.email })
    .from(clientes)
    .where(eq(clientes.id, id))
    .limit(1);
  return row;
}

export type ClienteValues = Partial<Omit<typeof clientes.$inferInsert, 'id' | 'created_at'>>;

export async function insertCliente(tx: Tx, values: ClienteValues & { nomcome: string }) {
  const [row] = await tx.insert(clientes).values(values).returning({ id: clientes.id });
  return row.id;
}

export async function updateCliente(tx: Tx, id: number, values: ClienteValues) {
  await tx.update(clientes).set(values).where(eq(clientes.id, id));
}

/** The stored row (for rebuilding search_text after a partial update). */
export async function findClienteRow(db: Db | Tx, id: number) {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id)).limit(1);
  return row;
}

const priceTermsQuery = preparedOn((db) =>
  db
    .select({ tarifa_id: clientes.tarifa_id, descuento_bp: clientes.descuento_bp })
    .from(clientes)
    .where(eq(clientes.id, sql.placeholder('id')))
    .prepare('client_price_terms'),
);

/**
 * What prices a client (record 049): its price list (null = PVP) and its own extra discount in
 * basis points. A client that does not exist pays PVP.
 */
export async function findClientPriceTerms(
  db: Db | Tx,
  id: number,
): Promise<{ tarifa_id: number | null; descuento_bp: number }> {
  const [row] = await priceTermsQuery(db).execute({ id });
  return row ?? { tarifa_id: null, descuento_bp: 0 };
}
