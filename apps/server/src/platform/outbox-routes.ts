import { mailEndpoints as e } from '@nido/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from './endpoints.ts';
import { listFailedMails, resendMail } from './outbox.ts';

/** The Admin's view of the mail outbox (product.md §8.7). */
export async function outboxRoutes(app: FastifyInstance) {
  serve(app, e.failed, async (req) => listFailedMails(req.ctx, req.query.page));
  serve(app, e.resend, async (req) => resendMail(req.ctx, req.params.id));
}
