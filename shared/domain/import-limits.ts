// The service's limits of one import request, apart from the planner that cuts bodies to them: a
// dry run counts looks by them without loading the CSV writer the planner needs.

/** Codes per import request (spec 4.4, 4.5, 8). */
export const IMPORT_MAX_CODES = 100_000;
/**
 * "10 MB" per request (spec 8). Read as the smaller decimal megabyte, 10,000,000 bytes rather than
 * 10 MiB, so a body is within the limit whichever unit the service means.
 */
export const IMPORT_MAX_BYTES = 10_000_000;
