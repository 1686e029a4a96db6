/**
 * What the notifications module offers the others (record 058): writing an event's notifications in
 * the caller's transaction, one statement for every recipient, and telling the users' streams.
 */

export { notifyMailFailed } from './mail-failed.ts';
export { type NotificationEvent, notify, tellUsers } from './write.ts';
