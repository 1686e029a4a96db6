import { notificationsEndpoints as e, NOTIFICATION_EVENT } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { listNotifications, markAllRead, markOneRead } from './service.ts';

/** A comment on an idle stream this often: proxies and browsers keep it open, a dead peer is found. */
export const HEARTBEAT_MS = 25_000;

/** product.md §8 Notifications: the caller's own, and their live stream (record 058). */
export default async function notificationsRoutes(app: App) {
  serve(app, e.list, async (req) => listNotifications(req.ctx, req.query.page));
  serve(app, e.readAll, async (req) => markAllRead(req.ctx));
  serve(app, e.read, async (req) => markOneRead(req.ctx, req.params.id));

  /**
   * Server-sent events over one long response: `event: notification` whenever the caller's
   * notifications change (the web reads the list again), a comment every HEARTBEAT_MS. Signed in
   * through the Authorization header like every call (the web reads it with fetch, not
   * EventSource, so the token never goes into a URL). Not compressed, not buffered by nginx
   * (X-Accel-Buffering); a closing process ends it (app.ts, preClose).
   */
  serve(app, e.stream, async (req, reply) => {
    const userId = req.ctx.actor.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    let ended = false;
    const send = () => {
      if (!ended) res.write(`event: ${NOTIFICATION_EVENT}\ndata: {}\n\n`);
    };
    const unsubscribe = app.live.subscribe(userId, send);
    const beat = setInterval(() => {
      if (!ended) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      unsubscribe();
      forgetStop();
    };
    const forgetStop = app.live.onStop(() => {
      cleanup();
      res.end();
    });
    res.on('close', cleanup);
    return reply;
  });
}
