/**
 * What the access log keeps of a request (ASVS 14.2.1, 16.2.5): the URL with reset tokens and
 * email addresses blanked, and both addresses, the one the throttle counts (`remoteAddress`, from
 * X-Forwarded-For when the peer is a trusted proxy) and the peer that actually connected.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters that carry a secret or a person's address. */
const SECRET_PARAMS = /([?&](?:email|token|access_token)=)[^&#]*/gi;
/** The reset link's token is a path segment (web route /account/password-reset/{token}). */
const RESET_PATH = /(\/password-reset\/)[^/?#]+/gi;
/** An email address anywhere else in the URL, encoded or not. */
const EMAIL = /[^/?&=#%\s]+(?:@|%40)[^/?&=#\s]+/gi;

export function redactUrl(url: string): string {
  return url
    .replace(RESET_PATH, `$1${REDACTED}`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(EMAIL, REDACTED);
}

export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    peerAddress: req.socket?.remoteAddress,
  };
}

/** An id nginx may give (`$request_id`: 32 hex digits); anything else in the header is not used. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Each request's id, in its log line and its `X-Request-Id` answer header: the one nginx sent in
 * X-Request-Id (deploy/nginx/nido.conf logs the same, so a request is followed from nginx to its
 * process), else a new UUID, unique across processes (Fastify's own counter restarts in each).
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
