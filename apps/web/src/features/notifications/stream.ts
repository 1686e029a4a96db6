/**
 * The live notifications stream (GET notifications/stream, record 058), read with fetch rather than
 * EventSource: EventSource cannot send the Authorization header, and the bearer token must not go
 * into a URL (logs, history). The answer is server-sent events; any `notification` event means "your
 * notifications changed", so the caller reads them again. A stream that ends, fails or goes quiet
 * past the server's heartbeat is opened again after a growing pause; meanwhile the callers' polling
 * carries on. A 401/403 stops it: the session is over, which the next ordinary call handles.
 */
import { endpointRoutes } from '@nido/contract/routes';

export interface StreamHandlers {
  /** A notification event came (and after a reconnection, when some may have been missed). */
  onEvent(): void;
  /** The stream is open (again). */
  onOpen?(): void;
  /** The stream is down; it will be opened again unless the session ended. */
  onDown?(): void;
}

export interface StreamOptions {
  /** Pauses before each new try, the last repeated (ms). */
  backoffMs?: readonly number[];
  /** No byte for this long (the server sends one every 25 s): the connection is taken as dead. */
  quietMs?: number;
  fetch?: typeof fetch;
}

/** The contract's NOTIFICATION_EVENT (the barrel would bring zod into the bundle; stream.test.ts compares). */
export const NOTIFICATION_EVENT = 'notification';

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const QUIET_MS = 60_000;
const PATH = `/api${endpointRoutes['notifications.stream'][1]}`;

/** The events of a chunk of server-sent events (what follows the last blank line stays in `rest`). */
export function parseEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: string[] = [];
  for (const block of blocks) {
    const name = block
      .split('\n')
      .find((line) => line.startsWith('event:'))
      ?.slice(6)
      .trim();
    if (name) events.push(name);
  }
  return { events, rest };
}

/** Opens the stream with the token `getToken` gives, and keeps it open until the returned function is called. */
export function connectNotificationStream(
  getToken: () => string | null,
  handlers: StreamHandlers,
  options: StreamOptions = {},
): () => void {
  const backoff = options.backoffMs ?? BACKOFF_MS;
  const quietMs = options.quietMs ?? QUIET_MS;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everOpen = false;

  const retryLater = () => {
    if (stopped) return;
    handlers.onDown?.();
    const wait = backoff[Math.min(failures, backoff.length - 1)];
    failures++;
    timer = setTimeout(() => void open(), wait);
  };

  async function open() {
    const token = getToken();
    if (stopped || !token) return;
    controller = new AbortController();
    const current = controller;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => current.abort(), quietMs);
    };
    try {
      const res = await doFetch(PATH, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: current.signal,
        cache: 'no-store',
      });
      if (res.status === 401 || res.status === 403) return; // the session is over: nothing to reopen
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      watch();
      failures = 0;
      handlers.onOpen?.();
      // Reopened: what happened while it was down is read again.
      if (everOpen) handlers.onEvent();
      everOpen = true;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseEvents(buffer);
        buffer = parsed.rest;
        if (parsed.events.includes(NOTIFICATION_EVENT)) handlers.onEvent();
      }
    } catch {
      // aborted, refused or cut: tried again below unless stopped
    } finally {
      clearTimeout(quiet);
    }
    retryLater();
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
