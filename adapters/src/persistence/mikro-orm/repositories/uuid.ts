/**
 * A well-formed UUID (8-4-4-4-12 hex digits). Anything else, even 36 characters of hex digits and
 * hyphens, makes PostgreSQL's uuid cast throw; lookups check this first and answer "absent".
 */
export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
