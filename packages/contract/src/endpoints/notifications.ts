import {
  NotificationIdParam,
  NotificationListQuery,
  NotificationListResponse,
  NotificationReadResponse,
} from '../notifications.ts';
import { endpoint } from './endpoint.ts';

/** The caller's own notifications (every signed-in user) and their live stream (record 058). */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    access: 'user',
    summary: "The caller's notifications, newest first, with the unread count",
    query: NotificationListQuery,
    response: NotificationListResponse,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    access: 'user',
    summary: "Marks every one of the caller's notifications as read",
    response: NotificationReadResponse,
  }),
  read: endpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    access: 'user',
    summary: 'Marks one of the caller’s notifications as read (another user’s: 404)',
    params: NotificationIdParam,
    response: NotificationReadResponse,
    errors: [404],
  }),
  stream: endpoint({
    method: 'GET',
    path: '/notifications/stream',
    access: 'user',
    summary:
      'Server-sent events: a `notification` event whenever the caller’s notifications change, a comment every 25 s',
    file: 'text/event-stream',
  }),
} as const;
