/**
 * Notifications (the server's domains/notifications): the top bar's bell, a lazy chunk app/ loads
 * (`import('../features/notifications/NotificationsBell.tsx')`); nothing else is offered to other features.
 */
export {};
