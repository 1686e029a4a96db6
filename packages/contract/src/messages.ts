import {
  NEW_ORDER_EMAILS_MAX,
  NOTE_MAX,
  ORDER_NOTE_MAX,
  ORDER_REFERENCE_MAX,
  PASSWORD_MIN,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './limits.ts';

// The message catalogue: every message the API answers with, once, under a stable code. It lives
// apart from the schemas so a screen that only translates messages does not load zod.

export type MessageParams = Record<string, string | number>;

/**
 * A message as the server sends it (product.md §7, errors): a stable `code` the web translates
 * (one function, `lib/messages.ts`), its `params`, and the English `text` for any other client.
 */
export interface Message {
  readonly code: string;
  readonly params?: MessageParams;
  readonly text: string;
}

type Template = string | ((params: any) => string);
type Messages<T extends Record<string, Template>> = {
  readonly [K in keyof T]: T[K] extends (params: infer P) => string ? (params: P) => Message : Message;
};

const TEMPLATES = new Map<string, Template>();

/** A table of messages whose codes are `<area>.<key>`. */
function messages<T extends Record<string, Template>>(area: string, templates: T): Messages<T> {
  const table: Record<string, Message | ((params: MessageParams) => Message)> = {};
  for (const [key, template] of Object.entries(templates)) {
    const code = `${area}.${key}`;
    TEMPLATES.set(code, template);
    table[key] =
      typeof template === 'string'
        ? { code, text: template }
        : (params: MessageParams) => ({ code, params, text: template(params) });
  }
  return table as Messages<T>;
}

/** Every code of the catalogue (the web checks that each has a text in every language). */
export function messageCodes(): string[] {
  return [...TEMPLATES.keys()];
}

/** The message of a code, or undefined when the catalogue has no such code. */
export function messageOf(code: string, params?: MessageParams): Message | undefined {
  const template = TEMPLATES.get(code);
  if (template === undefined) return undefined;
  if (typeof template === 'string') return { code, text: template };
  return { code, params, text: template(params ?? {}) };
}

/**
 * A schema's message for a value that is missing (`z.string(whenMissing(MSG.nameRequired))`); a
 * schema-wide `error` would also replace the messages of its other checks (a maximum length).
 */
export function whenMissing(message: Message) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? message.code : undefined) };
}

/** Accounts: sign-in, profile, password reset. */
export const MSG = messages('account', {
  emailRequired: 'Email is required',
  emailFormat: 'Email format is not valid',
  passwordsMismatch: 'Passwords do not match',
  passwordLength: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  loginFailed: 'Incorrect user or password',
  loginError: 'Error en el login',
  /** reset-password with an unknown, used or expired token (400/410). */
  resetLinkInvalid: 'The password reset link is invalid or has expired',
  emailTaken: 'The email has already been taken',
  tooManyAttempts: 'Too many attempts, try again later',
  resetLinkSent: 'If the email belongs to an account, we have sent it a link to reset the password',
  passwordResetDone: 'Your password has been reset',
  /** A new password found in the list of common and breached passwords (account/credentials.ts). */
  passwordTooCommon: 'This password is too common: choose one that is harder to guess',
  currentPasswordRequired: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'The current password is not correct',
  userNotFound: 'User not found',
});

/** product.md §5.3 / §8: the line-add form and the order calls. */
export const ORDER_MSG = messages('order', {
  selectColor: 'You must select a color',
  selectName: 'You must select a name',
  selectPosition: 'You must select a position',
  selectLetters: 'You must select a letters',
  nameTooLong: (p: { max: number }) => `The name can be at most ${p.max} characters`,
  nameChars: 'The name contains characters that cannot be embroidered',
  embStyle: 'The embroidery style must be Embird or Blackboard',
  groupNotOffered: 'This option group is not offered for this model',
  oneOptionPerGroup: 'Only one option may be chosen per group',
  noteTooLong: `The note can be at most ${NOTE_MAX} characters`,
  orderNoteTooLong: `The note can be at most ${ORDER_NOTE_MAX} characters`,
  quantity: `The quantity must be a whole number between ${QUANTITY_MIN} and ${QUANTITY_MAX}`,
  modelRequired: 'You must select a model',
  modelNotFound: 'Model not found',
  noLines: 'The order has no lines',
  alreadySubmitted: 'The order has already been submitted',
  notSubmitted: 'The order has not been submitted yet',
  referenceTooLong: `The reference can be at most ${ORDER_REFERENCE_MAX} characters`,
  deliveryDate: 'The delivery date is not a valid date',
  filterDate: 'The date is not a valid date',
  deliveryTooSoon: (p: { date: string }) => `The earliest delivery date is ${p.date}`,
  leadDays: 'The lead time must be a whole number of days between 0 and 365',
  newOrderEmail: 'Enter a valid email address',
  newOrderEmailsMax: `At most ${NEW_ORDER_EMAILS_MAX} addresses`,
  newOrderEmailRepeated: 'An address is on the list twice',
  notInvoicable: 'Only a submitted order, not cancelled, can be invoiced',
  alreadyInvoiced: 'The order has already been invoiced',
  invoiceNotFound: 'Invoice not found',
  dependentLine: 'This line belongs to another line: remove that line instead',
  shippingLine: 'The shipping charge follows the order and cannot be changed',
  orderNotFound: 'Order not found',
  lineNotFound: 'Line not found',
  lineAdded: 'Line added correctly',
  lineDeleted: 'Line deleted correctly',
  // Quick order and reorder (record 042, 043).
  unknownCode: (p: { code: string }) => `There is no model with the code ${p.code}`,
  modelWithdrawn: 'This model has been withdrawn',
  modelHidden: 'This model is not in any collection open to this client',
  optionUnknown: (p: { code: string }) => `The option ${p.code} is not offered for this model`,
  optionInactive: (p: { code: string }) => `The option ${p.code} is no longer available`,
  /** A quick-order row's position that is none of its embroidery's (listed in the user's language). */
  positionNotOffered: (p: { value: string; model: string; positions: string }) =>
    `“${p.value}” is not a position of ${p.model}: ${p.positions}`,
  /** A quick-order row's embroidery colour that is no active one (listed in the user's language). */
  colourNotOffered: (p: { value: string; colours: string }) =>
    `“${p.value}” is not an embroidery colour: ${p.colours}`,
  optionWithdrawn: (p: { group: string; option: string }) =>
    `${p.group}: the option ${p.option} is no longer available`,
  priceChanged: (p: { old: string; new: string }) => `The price changed from ${p.old} to ${p.new}`,
  needsConfiguration: 'Choose the options of this line',
  noRows: 'There are no lines to read: one a line, code then quantity',
  tooManyRows: (p: { max: number }) => `At most ${p.max} lines at a time`,
  fileType: 'The file must be a CSV or an Excel workbook (.xlsx)',
  fileTooLarge: (p: { max: string }) => `The file is larger than ${p.max}`,
  fileUnreadable: 'The file could not be read',
  fileRequired: 'Choose a file to upload',
  // A model whose collections all take no orders today (record 053); dates dd/MM/yyyy.
  outsideWindow: (p: { coleccion: string; desde: string; hasta: string }) =>
    `The collection «${p.coleccion}» takes orders from ${p.desde} to ${p.hasta}`,
  outsideWindowFrom: (p: { coleccion: string; desde: string }) =>
    `The collection «${p.coleccion}» takes orders from ${p.desde}`,
  outsideWindowUntil: (p: { coleccion: string; hasta: string }) =>
    `The collection «${p.coleccion}» took orders until ${p.hasta}`,
  // A model's minimum quantity and pack size (line-rules.ts `modelQuantityError`).
  quantityBelowMinimum: (p: { min: number }) => `The minimum quantity of this model is ${p.min}`,
  quantityNotMultiple: (p: { multiplo: number }) =>
    `This model is sold in packs of ${p.multiplo}: the quantity must be a multiple of ${p.multiplo}`,
  // A price list's minimum order value (ordering/order-minimum.ts); amounts formatted.
  orderBelowMinimum: (p: { minimo: string; faltan: string }) =>
    `The minimum order is ${p.minimo} before tax: ${p.faltan} more to reach it`,
  linesAdded: (p: { count: number }) => `${p.count} ${p.count === 1 ? 'line' : 'lines'} added to the cart`,
  closedLines: (p: { count: number }) =>
    `${p.count} ${p.count === 1 ? 'line is' : 'lines are'} from collections that no longer take orders: remove ${p.count === 1 ? 'it' : 'them'} to submit`,
  deliveryInWindow: (p: { desde: string; hasta: string }) =>
    `The delivery date must fall between ${p.desde} and ${p.hasta}`,
  deliveryFromWindow: (p: { desde: string }) => `The delivery date must be on or after ${p.desde}`,
  deliveryUntilWindow: (p: { hasta: string }) => `The delivery date must be on or before ${p.hasta}`,
  collectionNotOffered: 'The model cannot be ordered through that collection',
  gridEmpty: 'Enter a quantity for at least one option',
  noGrid: 'The model has no grid of options to order several at once',
  gridOption: 'Not an option of the model’s grid',
  gridRepeated: 'The option is in the grid twice',
});

/** product.md §5.3 / §8: the catalogue editors (models, images, groups, parameters). */
export const CATALOG_ADMIN_MSG = messages('catalogAdmin', {
  gridGroupNotOffered: 'The grid must be one of the model’s option groups',
  descripcionEnRequired: 'The description in English is mandatory',
  descripcionRequired: 'The description is mandatory',
  nameRequired: 'El nombre es requerido',
  nameEnRequired: 'El nombre en inglés es requerido',
  sizeNumeric: 'The size must be a number',
  sizeRange: 'The size must be between 0 and 1000',
  priceTooLarge: 'The price is too large',
  colorFormat: 'The colour must be #rrggbb',
  saveBeforeUpload: 'You must save before uploading images',
  defaultSection: 'The default section cannot be changed, create a new section and delete this one',
  copyError: 'Error copying',
  sameModel: 'The source and target models must differ',
  imageInvalid: 'The file is not a supported image',
  positionUnknown: 'The model has no such embroidery position',
  positionTwice: 'One box per embroidery position',
  boxOutside: 'The box must lie inside the image',
  imageTooLarge: 'The image is larger than 10 MB',
  imageRequired: 'Choose an image file to upload',
  bodyInvalid: 'The body field must be JSON',
  modelNotFound: 'Model not found',
  groupNotFound: 'Parameter group not found',
  parametroNotFound: 'Parameter not found',
  sectionNotFound: 'Section not found',
  imageNotFound: 'Image not found',
  groupAlreadyLinked: 'The group is already in this model',
  groupNotLinked: 'The group is not in this model',
  oneGroupOnly: 'All parameters must belong to one group',
  oneSectionOnly: 'All parameters must belong to one section',
  duplicateIds: 'The list repeats an id',
  priceListNotFound: 'Price list not found',
  priceListNameRequired: 'The price list needs a name',
  priceListNameTaken: 'Another price list has this name',
  discountRange: 'The discount must be between 0 and 100 %',
  priceInvalid: 'The price must be a number of euros, at least 0, with at most two decimals',
  quantityRuleInvalid: `The quantity must be a whole number between 1 and ${QUANTITY_MAX}`,
  shippingInvalid: 'The amount must be a number of euros, at least 0, with at most two decimals',
  unknownModelCode: (p: { modelo: string }) => `Unknown model code: ${p.modelo}`,
  repeatedModelCode: (p: { modelo: string }) => `The model code ${p.modelo} is on an earlier row`,
  repeatedDiscount: 'A collection or family has two discounts',
  unknownCollection: 'Unknown collection',
  priceListRowsInvalid: (p: { count: number }) => `${p.count} rows have errors: nothing was saved`,
  priceListInvalid: 'Unknown price list',
});

/** product.md §8 Collections. */
export const COLLECTION_MSG = messages('collection', {
  updateError: 'Error al actualizar la colección',
  nameRequired: 'El nombre es requerido',
  codeRequired: 'The collection code is required',
  codeTaken: 'The collection code is already in use',
  collectionNotFound: 'Collection not found',
  unknownModel: (p: { modelo: string }) => `Unknown model: ${p.modelo}`,
  modelAlreadyIn: 'The model is already in this collection',
  modelNotIn: 'The model is not in this collection',
  noImages: 'The collection has no images',
  /** A window's day that is not yyyy-MM-dd (record 053). */
  dateInvalid: 'The date is not a valid date',
  orderWindowBackwards: 'The last day to order cannot be before the opening day',
  deliveryWindowBackwards: 'The last delivery day cannot be before the first one',
});

/** Line sheets (product.md, line sheets): sending one by mail. */
export const LINE_SHEET_MSG = messages('lineSheet', {
  noRecipient: 'The client has no user and no email to send the line sheet to',
});

/** The production sheet (record 060). */
export const PRODUCTION_MSG = messages('production', {
  day: 'Give a day as yyyy-mm-dd',
  rangeRequired: 'Choose an order, or the first and last day of the range',
  rangeBackwards: 'The last day cannot be before the first',
  rangeTooLong: 'The range may span at most 92 days',
});

/** The clients screens and the order administration. */
export const CLIENT_MSG = messages('client', {
  nomcomeRequired: 'The trade name is required',
  representanteInvalid: 'The representative must be a Representante user',
  emailTaken: 'The email has already been taken',
  clienteRequired: 'The client is required',
  statusInvalid: 'The order cannot change to this status',
  statusTransition: (p: { from: string; to: string }) => `The order cannot change from ${p.from} to ${p.to}`,
  bulkRefused: (p: { orders: string }) => `No order was changed: ${p.orders} cannot make this change`,
  bulkOrderMissing: (p: { order: string }) => `Order ${p.order} was not found`,
  bulkOrderBlocked: (p: { order: string; from: string; to: string }) =>
    `Order ${p.order} cannot change from ${p.from} to ${p.to}`,
  bulkEmpty: 'Choose at least one order',
  bulkTooMany: 'At most 200 orders can be changed at once',
  cancelReasonRequired: 'Give the reason for the cancellation',
  cancelReasonTooLong: 'The reason may have at most 500 characters',
  cancelOnlyPending: 'Only a pending order can be cancelled',
  clientNotFound: 'Client not found',
  vatNumberInvalid: 'A client in another EU state needs a valid EU VAT number',
  addressNameRequired: 'The address needs a name',
  addressNotFound: 'Delivery address not found',
});

/** The legal mentions of an order's taxes (tax.ts TAX_MENTION), on every screen and document. */
export const TAX_MSG = messages('tax', {
  reverseCharge: 'Intra-Community supply exempt from VAT (art. 25, Spanish VAT Act 37/1992). Reverse charge.',
  export: 'Export exempt from VAT (art. 21, Spanish VAT Act 37/1992).',
});

/** The mail outbox (the Admin's failed mails). */
export const MAIL_MSG = messages('mail', {
  mailNotFound: 'Mail not found',
  notFailed: 'Only a mail that failed can be sent again',
});

/** What any call can answer, whatever its area: access, malformed requests, the server's failure. */
export const REQUEST_MSG = messages('request', {
  unauthenticated: 'Unauthenticated',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  invalid: 'The given data was invalid',
  malformedJson: 'Malformed JSON body',
  malformedMultipart: 'Malformed multipart body',
  bodyRequired: 'The request needs a JSON body',
  unstorableText: 'The text contains a character that is not allowed',
  /** Text shown to other people with a bidirectional override or a zero-width character (common.ts `shownText`). */
  hiddenCharacter: 'The text contains an invisible character or one that reverses the text',
  tooDeep: 'The data is nested too deeply',
  tooLarge: 'The request body is too large',
  unsupportedMediaType: 'The request body has an unsupported media type',
  badRequest: 'The request is not valid',
  internal: 'Internal server error',
  /** GET ready's 503: the body says which part is not ready. */
  notReady: 'The server is not ready to take requests',
  /** 503: the image store (the bucket of STORAGE_URL, or the uploads folder) did not answer. */
  storageUnavailable: 'The image store is not available right now: try again in a few minutes',
  /** 503 with Retry-After: every worker thread is busy and their queue is full (platform/workers.ts). */
  busy: 'The server is busy: try again in a few seconds',
});

/** A schema rule broken without a message of its own (zod's built-in checks), by kind. */
export const VALIDATION_MSG = messages('validation', {
  required: 'Required',
  invalidType: 'Invalid value',
  tooShort: (p: { min: number }) => `Must be at least ${p.min} characters`,
  tooLong: (p: { max: number }) => `Can be at most ${p.max} characters`,
  tooSmall: (p: { min: number }) => `Must be at least ${p.min}`,
  tooLarge: (p: { max: number }) => `Can be at most ${p.max}`,
  tooFew: (p: { min: number }) => `Must have at least ${p.min} items`,
  tooMany: (p: { max: number }) => `Can have at most ${p.max} items`,
  invalidFormat: 'The format is not valid',
  invalidOption: 'The value is not one of the allowed ones',
  invalid: 'Invalid value',
});

/** The parts of a schema issue (zod's, or as fastify-type-provider-zod passes it on) a message needs. */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/**
 * The message of a schema issue: the catalogue's when the schema named one (schemas give a code as
 * their message), else one by the kind of check that failed.
 */
export function messageOfIssue(issue: IssueLike): Message {
  const named = issue.message ? messageOf(issue.message) : undefined;
  if (named) return named;
  const sized =
    issue.origin === 'string'
      ? 'text'
      : issue.origin === 'array' || issue.origin === 'set'
        ? 'list'
        : 'number';
  switch (issue.code) {
    case 'invalid_type':
      // zod reports no input by default: its own text says what was received.
      return issue.message?.endsWith('received undefined')
        ? VALIDATION_MSG.required
        : VALIDATION_MSG.invalidType;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (sized === 'text') return min === 1 ? VALIDATION_MSG.required : VALIDATION_MSG.tooShort({ min });
      return sized === 'list' ? VALIDATION_MSG.tooFew({ min }) : VALIDATION_MSG.tooSmall({ min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (sized === 'text') return VALIDATION_MSG.tooLong({ max });
      return sized === 'list' ? VALIDATION_MSG.tooMany({ max }) : VALIDATION_MSG.tooLarge({ max });
    }
    case 'invalid_format':
      return VALIDATION_MSG.invalidFormat;
    case 'invalid_value':
    case 'invalid_union':
      return VALIDATION_MSG.invalidOption;
    default:
      return VALIDATION_MSG.invalid;
  }
}
