import { IdParam, Ok } from '../common.ts';
import { FailedMailListQuery, FailedMailListResponse } from '../mail.ts';
import { endpoint } from './endpoint.ts';

/** The mail outbox (Admin): mails that ran out of tries, and sending one again. */
export const mailEndpoints = {
  failed: endpoint({
    method: 'GET',
    path: '/mail/failed',
    access: 'admin',
    summary: 'Mails the portal could not send after every try, newest first',
    query: FailedMailListQuery,
    response: FailedMailListResponse,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/mail/:id/resend',
    access: 'admin',
    summary: 'Queues a failed mail again for a full round of tries (same Message-ID)',
    params: IdParam,
    response: Ok,
    errors: [404, 409],
  }),
} as const;
