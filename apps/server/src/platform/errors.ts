import { type IssueLike, type Message, MSG, messageOfIssue, REQUEST_MSG } from '@nido/contract';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';

/**
 * Typed errors a route or service throws; the one error handler in app.ts turns them into answers.
 * Each carries a catalogue message (packages/contract/src/messages.ts), so the answer has a code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: Message,
    readonly fields?: Record<string, Message[]>,
  ) {
    super(reason.text);
  }
}

export class Unauthorized extends HttpError {
  constructor(reason = REQUEST_MSG.unauthenticated) {
    super(401, reason);
  }
}
export class Forbidden extends HttpError {
  constructor(reason = REQUEST_MSG.forbidden) {
    super(403, reason);
  }
}
export class NotFound extends HttpError {
  constructor(reason = REQUEST_MSG.notFound) {
    super(404, reason);
  }
}
export class Conflict extends HttpError {
  constructor(reason: Message) {
    super(409, reason);
  }
}
/** 422 with messages per field. */
export class Invalid extends HttpError {
  constructor(fields: Record<string, Message[]>, reason = firstMessage(fields)) {
    super(422, reason, fields);
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    reason = MSG.tooManyAttempts,
  ) {
    super(429, reason);
  }
}

/** The image store (disk or bucket) failed; `cause` says how, for the log. */
export class StorageUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, REQUEST_MSG.storageUnavailable);
    this.cause = cause;
  }
}

function firstMessage(fields: Record<string, Message[]>): Message {
  return Object.values(fields).flat()[0] ?? REQUEST_MSG.invalid;
}

/** Collects field errors and throws Invalid once, when there are any. */
export class FieldErrors {
  private readonly fields: Record<string, Message[]> = {};
  add(field: string, message: Message): this {
    const list = this.fields[field] ?? [];
    if (!list.some((m) => m.text === message.text)) list.push(message);
    this.fields[field] = list;
    return this;
  }
  /** Adds one message per field (e.g. the contract's line-rules errors). */
  addAll(found: Record<string, Message>): this {
    for (const [field, message] of Object.entries(found)) this.add(field, message);
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new Invalid(this.fields);
  }
}

/**
 * Messages per field of a failed route validation; `fieldOf` names the field from the issue's
 * path (`collection/nombre` → `collection.nombre` by default).
 */
export function fieldsOfValidation(
  issues: ZodFastifySchemaValidationError[],
  fieldOf = (path: string) => path.replace(/^\//, '').replace(/\//g, '.') || '_',
): Record<string, Message[]> {
  return fieldsOfIssues(
    issues.map((v) => [fieldOf(v.instancePath), { ...v.params, code: v.keyword, message: v.message }]),
  );
}

/** Messages per field from schema issues (zod's). */
export function fieldsOfIssues(
  issues: Iterable<[field: string, issue: IssueLike]>,
): Record<string, Message[]> {
  // A Map, then own properties: a field named by the request ("constructor", "__proto__") is data.
  const fields = new Map<string, Message[]>();
  for (const [field, issue] of issues)
    fields.set(field, [...(fields.get(field) ?? []), messageOfIssue(issue)]);
  return Object.fromEntries(fields);
}

const reference = (m: Message) => (m.params ? { code: m.code, params: m.params } : { code: m.code });

/**
 * The body of an error answer (the contract's ErrorBody): the English text with its code and
 * params; per field, the texts (`errors`) and the codes (`issues`).
 */
export function errorBody(reason: Message, fields?: Record<string, Message[]>) {
  const head = { message: reason.text, ...reference(reason) };
  if (!fields) return head;
  const entries = Object.entries(fields);
  return {
    ...head,
    errors: Object.fromEntries(entries.map(([field, messages]) => [field, messages.map((m) => m.text)])),
    issues: Object.fromEntries(entries.map(([field, messages]) => [field, messages.map(reference)])),
  };
}

/** The collection editor's 422: a list of `{field, message, code}` (product.md §7). */
export function errorListBody(reason: Message, fields: Record<string, Message[]>) {
  return {
    message: reason.text,
    ...reference(reason),
    errors: Object.entries(fields).flatMap(([field, messages]) =>
      messages.map((m) => ({ field, message: m.text, ...reference(m) })),
    ),
  };
}
