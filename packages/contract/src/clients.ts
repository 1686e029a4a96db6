/**
 * Clients, client users and the admin's order operations (product.md §8 Clients, GET pedidos/pending,
 * order status changes). Request schemas validate on the server and in the web forms.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, Email, Locale, Password } from './account.ts';
import { Id, INT_MAX, int, PageParam, Paging, shownText } from './common.ts';
import { BULK_STATUS_MAX, CANCEL_REASON_MAX, LANGUAGES, ROLES } from './limits.ts';
import { CLIENT_MSG, MSG, whenMissing } from './messages.ts';
import { Discount } from './price-lists.ts';
import { TAX_REGIMES, taxIdFits } from './tax.ts';

// ── Clients ─────────────────────────────────────────────────────────────────────────────────────

/** GET cliente?text=&page= */
export const ClienteListQuery = z.object({
  text: z.string().max(200).optional().default(''),
  page: PageParam,
});
export type ClienteListQuery = z.infer<typeof ClienteListQuery>;

export const ClienteListItem = z.object({
  id: z.number(),
  nomcome: z.string(),
  nombre: z.string(),
  cif: z.string(),
  email: z.string(),
  telefono: z.string(),
  poblacion: z.string(),
  provincia: z.string(),
  activo: z.boolean(),
  /** Number of users of this client. */
  usuarios: z.number(),
  /** Name of the assigned representative, or null. */
  representante: z.string().nullable(),
});
export type ClienteListItem = z.infer<typeof ClienteListItem>;

export const ClienteListResponse = z.object({
  ok: z.boolean(),
  data: z.array(ClienteListItem),
  meta: Paging,
});
export type ClienteListResponse = z.infer<typeof ClienteListResponse>;

/** A client with every field (GET cliente/{id}, PUT, POST). */
export const Cliente = z.object({
  id: z.number(),
  nomcome: z.string(),
  nombre: z.string(),
  cif: z.string(),
  email: z.string(),
  telefono: z.string(),
  direccion: z.string(),
  poblacion: z.string(),
  provincia: z.string(),
  cp: z.string(),
  pais: z.string(),
  /** How the client's orders are taxed (tax.ts). */
  regimen_fiscal: z.enum(TAX_REGIMES),
  activo: z.boolean(),
  representante_id: z.number().nullable(),
  /** Name of the assigned representative, or null. */
  representante: z.string().nullable(),
  /** The client's price list (record 049), null = PVP. Staff only: a shop never sees its terms. */
  tarifa_id: z.number().nullable(),
  /** The client's own extra discount, %, applied after its list's. */
  descuento: z.number(),
});
export type Cliente = z.infer<typeof Cliente>;

export const ClienteResponse = z.object({ ok: z.boolean(), data: Cliente });
export type ClienteResponse = z.infer<typeof ClienteResponse>;

/** GET cliente/companyInfo: optional cliente_id (staff acting for a client); a client user gets its own. */
export const CompanyInfoQuery = z.object({
  cliente_id: int(0, INT_MAX).optional(),
});

export const CompanyInfo = Cliente.omit({ tarifa_id: true, descuento: true }).extend({
  usuarios: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;
export const CompanyInfoResponse = z.object({ ok: z.boolean(), data: CompanyInfo });
export type CompanyInfoResponse = z.infer<typeof CompanyInfoResponse>;

const text = (max: number) => shownText(max);

/** An empty email is allowed (unknown); a given one must match product.md §5.3's pattern. */
const OptionalEmail = z
  .string()
  .trim()
  .max(254, MSG.emailFormat.code)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), MSG.emailFormat.code);

/**
 * POST cliente (create) and PUT cliente/{id} (update). nomcome is required; on PUT an absent field
 * keeps its value. representante_id null or 0 clears the representative.
 */
export const ClienteWriteRequest = z
  .object({
    nomcome: shownText(200, { required: CLIENT_MSG.nomcomeRequired }),
    nombre: text(200).optional(),
    cif: text(30).optional(),
    email: OptionalEmail.optional(),
    telefono: text(50).optional(),
    direccion: text(300).optional(),
    poblacion: text(120).optional(),
    provincia: text(120).optional(),
    cp: text(20).optional(),
    pais: text(120).optional(),
    regimen_fiscal: z.enum(TAX_REGIMES).optional(),
    activo: z.boolean().optional(),
    representante_id: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
    /** The price list; null or 0: none (PVP). */
    tarifa_id: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
    descuento: Discount.optional(),
  })
  .refine(
    (v) => v.regimen_fiscal === undefined || v.cif === undefined || taxIdFits(v.regimen_fiscal, v.cif),
    {
      path: ['cif'],
      message: CLIENT_MSG.vatNumberInvalid.code,
    },
  );
export type ClienteWriteRequest = z.infer<typeof ClienteWriteRequest>;

// ── Delivery addresses ──────────────────────────────────────────────────────────────────────────

/** Where a client's orders go: its fields, as a delivery address and as an order's copy of it. */
export const DeliveryAddressFields = z.object({
  /** The label or consignee ("Tienda centro", "Almacén Getafe"). */
  nombre: z.string(),
  direccion: z.string(),
  cp: z.string(),
  poblacion: z.string(),
  provincia: z.string(),
  pais: z.string(),
  telefono: z.string(),
});
export type DeliveryAddressFields = z.infer<typeof DeliveryAddressFields>;

/**
 * An address as every document writes it, one line each (empty parts left out): the name, the
 * street, "postcode town (province)", the country, the phone. The order's screens, its mails, its
 * PDFs and the print view all write it this way.
 */
export function deliveryAddressLines(a: DeliveryAddressFields): string[] {
  const town = [a.cp, a.poblacion].filter(Boolean).join(' ');
  const place = a.provincia && a.provincia !== a.poblacion ? `${town} (${a.provincia})`.trim() : town;
  return [a.nombre, a.direccion, place, a.pais, a.telefono ? `Tel. ${a.telefono}` : ''].filter(Boolean);
}

export const DeliveryAddress = DeliveryAddressFields.extend({
  id: z.number(),
  cliente_id: z.number(),
  /** The one address checkout preselects; a client with addresses has exactly one. */
  predeterminada: z.boolean(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** Every address of a client, the default first: what each address call answers. */
export const DeliveryAddressesResponse = z.object({ data: z.array(DeliveryAddress) });
export type DeliveryAddressesResponse = z.infer<typeof DeliveryAddressesResponse>;

/**
 * POST cliente/{clienteId}/direcciones and PUT direccion/{id}: an address (nombre required).
 * `predeterminada: true` makes it the default (the previous default stops being one); false is
 * ignored, since a client keeps one default: making another the default is how to move it.
 */
export const DeliveryAddressWriteRequest = z.object({
  nombre: shownText(120, { required: CLIENT_MSG.addressNameRequired }),
  direccion: text(300).optional().default(''),
  cp: text(20).optional().default(''),
  poblacion: text(120).optional().default(''),
  provincia: text(120).optional().default(''),
  pais: text(120).optional().default('España'),
  telefono: text(50).optional().default(''),
  predeterminada: z.boolean().optional().default(false),
});
export type DeliveryAddressWriteRequest = z.input<typeof DeliveryAddressWriteRequest>;
export type DeliveryAddressWriteData = z.output<typeof DeliveryAddressWriteRequest>;

// ── Client users ────────────────────────────────────────────────────────────────────────────────

export const ClienteIdParam = z.object({ clienteId: Id });

export const ClienteUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
  active: z.boolean(),
});
export type ClienteUser = z.infer<typeof ClienteUser>;

/** GET clienteUsers/{clienteId} answers the bare list. */
export const ClienteUsersResponse = z.array(ClienteUser);

const UserName = shownText(120, { required: MSG.nameRequired });

/** POST clienteUsers: a new user (role Cliente) of a client. */
export const ClienteUserCreateRequest = z
  .object({
    cliente_id: z.number(whenMissing(CLIENT_MSG.clienteRequired)).int().positive().max(2_147_483_647),
    name: UserName,
    email: Email,
    password: Password,
    password_confirmation: z.string().max(200).optional().default(''),
    language: Locale.optional().default('es'),
    active: z.boolean().optional().default(true),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: MSG.passwordsMismatch.code,
    path: ['password_confirmation'],
  });
export type ClienteUserCreateRequest = z.input<typeof ClienteUserCreateRequest>;
/** The validated create payload (defaults applied). */
export type ClienteUserCreateData = z.output<typeof ClienteUserCreateRequest>;

/** PUT clienteUsers/{id}: password only when changing it (then the product.md §5.3 rules apply). */
export const ClienteUserUpdateRequest = z
  .object({
    name: UserName,
    email: Email,
    password: z.union([Password, z.literal('')]).optional(),
    password_confirmation: z.string().max(200).optional(),
    language: Locale.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, {
    message: MSG.passwordsMismatch.code,
    path: ['password_confirmation'],
  });
export type ClienteUserUpdateRequest = z.input<typeof ClienteUserUpdateRequest>;

export const ClienteUserResponse = z.object({ ok: z.boolean(), data: ClienteUser });
export type ClienteUserResponse = z.infer<typeof ClienteUserResponse>;

// ── Pending orders and order status (admin) ─────────────────────────────────────────────────────

/** The most pending orders GET pedidos/pending returns (newest first). */
export const PENDING_LIST_MAX = 100;

export const PendingPedido = z.object({
  id: z.number(),
  docum: z.string().nullable(),
  /** dd/MM/yyyy */
  fecha: z.string(),
  /** ISO timestamp of submission. */
  fecha_pedido: z.string().nullable(),
  /** The client's trade name. */
  cliente: z.string(),
  cliente_id: z.number(),
  /** Its invoice's number, null until invoiced (invoicing processes a pending order: rarely set). */
  factura: z.string().nullable(),
  /** Number of primary lines (lineaprimaria 0). */
  lineas: z.number(),
  /** Euros: Σ unped × precio over every line, dependent lines included (the tax base). */
  total: z.number(),
  /** The total to pay: the base and its taxes as submitted, euros. */
  total_pagar: z.number(),
});
export type PendingPedido = z.infer<typeof PendingPedido>;

export const PendingPedidosResponse = z.object({
  data: z.array(PendingPedido),
  /** All pending orders the caller may see (the list is capped at PENDING_LIST_MAX). */
  total_count: z.number(),
});
export type PendingPedidosResponse = z.infer<typeof PendingPedidosResponse>;

/**
 * Moves an Admin may make: w → p, w → e, p → e. Cancelling (w → x, with a reason) is apart:
 * CANCELLABLE_STATUSES and POST pedidos/cancel. A cancelled order (x) moves no more.
 */
export const STATUS_TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  w: ['p', 'e'],
  p: ['e'],
};

/** The statuses an order may be cancelled from: pending only. */
export const CANCELLABLE_STATUSES: readonly string[] = ['w'];

/** A move that skips a state (w → e, skipping Processed): the web asks first. */
export function skipsAState(from: string, to: string): boolean {
  return from === 'w' && to === 'e';
}

const MoveStatus = z.enum(['p', 'e'], { error: CLIENT_MSG.statusInvalid.code });

export const PedidoStatusRequest = z.object({
  pedido_id: Id,
  status: MoveStatus,
});
export type PedidoStatusRequest = z.infer<typeof PedidoStatusRequest>;

/**
 * POST pedidos/status/bulk (Admin): several orders moved to one status, all or none (record 057).
 * The ids are distinct once read (a repeated id counts once).
 */
export const PedidoBulkStatusRequest = z.object({
  ids: z
    .array(Id, { error: CLIENT_MSG.bulkEmpty.code })
    .min(1, CLIENT_MSG.bulkEmpty.code)
    .max(BULK_STATUS_MAX, CLIENT_MSG.bulkTooMany.code),
  status: MoveStatus,
});
export type PedidoBulkStatusRequest = z.infer<typeof PedidoBulkStatusRequest>;

export const PedidoBulkStatusResponse = z.object({
  ok: z.boolean(),
  /** Each order moved, in the order of the request. */
  data: z.array(z.object({ id: z.number(), docum: z.string().nullable(), status: z.string() })),
});
export type PedidoBulkStatusResponse = z.infer<typeof PedidoBulkStatusResponse>;

/** POST pedidos/cancel (Admin): a pending order cancelled (w → x) with its reason, told to the shop. */
export const PedidoCancelRequest = z.object({
  pedido_id: Id,
  reason: shownText(CANCEL_REASON_MAX, {
    required: CLIENT_MSG.cancelReasonRequired,
    tooLong: CLIENT_MSG.cancelReasonTooLong,
  }),
});
export type PedidoCancelRequest = z.infer<typeof PedidoCancelRequest>;

export const PedidoStatusHistoryRow = z.object({
  id: z.number(),
  from_status: z.string().nullable(),
  status: z.string(),
  user_id: z.number().nullable(),
  /** Name of the user who made the change (null once that user is deleted). */
  user: z.string().nullable(),
  /** ISO timestamp. */
  at: z.string(),
  /** Why: a cancellation's reason; null for the other changes. */
  reason: z.string().nullable(),
});
export type PedidoStatusHistoryRow = z.infer<typeof PedidoStatusHistoryRow>;

export const PedidoStatusResponse = z.object({
  ok: z.boolean(),
  data: z.object({ id: z.number(), status: z.string(), history: z.array(PedidoStatusHistoryRow) }),
});
export type PedidoStatusResponse = z.infer<typeof PedidoStatusResponse>;

export const PedidoAuditRow = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  user: z.string().nullable(),
  role: z.string().nullable(),
  /** The client an admin or representative acted for (null when the client acted itself). */
  acting_cliente_id: z.number().nullable(),
  acting_cliente: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  details: z.unknown(),
});
export type PedidoAuditRow = z.infer<typeof PedidoAuditRow>;

/** GET pedido/{id}/history: status history for everyone allowed to see the order; audit for staff only. */
export const PedidoHistoryResponse = z.object({
  ok: z.boolean(),
  data: z.object({
    id: z.number(),
    status: z.string(),
    history: z.array(PedidoStatusHistoryRow),
    audit: z.array(PedidoAuditRow),
  }),
});
export type PedidoHistoryResponse = z.infer<typeof PedidoHistoryResponse>;
