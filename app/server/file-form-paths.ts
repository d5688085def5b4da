/**
 * The paths whose forms carry a file, and so a body larger than the early 64 KiB limit
 * (./body-limit.server.ts): the route reads it within FILE_FORM_MAX_BYTES (app/security/body.server.ts)
 * and answers a file too large on its own page, in Polish, with status 413.
 */
export const BANK_STATEMENTS_PATH = "/admin/bank-statements";

export const FILE_FORM_PATHS: ReadonlySet<string> = new Set([BANK_STATEMENTS_PATH]);
