/**
 * How the request pipeline learns that an admin changed something (ADR 0025): the admin action guard
 * sets this header on the answer to a signed-in admin's accepted action; the pipeline reads it, bumps
 * the edge cache's content version, and always removes it, so it never reaches a browser. Only a
 * response can carry it: the same header on a request means nothing.
 */
export const ADMIN_WRITE_HEADER = "X-Admin-Write";
