/** Typed errors a route or service throws; the one error handler in app.ts turns them into answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = 'Unauthenticated') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/** 422 with messages per field. */
export class Invalid extends HttpError {
  constructor(errors: Record<string, string[]>, message = firstMessage(errors)) {
    super(422, message, errors);
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts, try again later',
  ) {
    super(429, message);
  }
}

function firstMessage(errors: Record<string, string[]>): string {
  return Object.values(errors).flat()[0] ?? 'The given data was invalid';
}

/** Collects field errors and throws Invalid once, when there are any. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): this {
    const list = this.errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[field] = list;
    return this;
  }
  /** Adds one message per field (e.g. the contract's line-rules errors). */
  addAll(found: Record<string, string>): this {
    for (const [field, message] of Object.entries(found)) this.add(field, message);
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new Invalid(this.errors);
  }
}
