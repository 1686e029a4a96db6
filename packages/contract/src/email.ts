/**
 * product.md §5.3 email pattern: a local part and a domain, or a bracketed IP address, with a top-level
 * part of at least 2 letters. A module of its own (no zod): the sign-in screen checks it before sending.
 */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
