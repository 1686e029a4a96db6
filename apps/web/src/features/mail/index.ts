/**
 * The mails the outbox gave up on (the server's platform/outbox): its screen is a page the router
 * loads; nothing is offered to other features yet.
 */
export {};
