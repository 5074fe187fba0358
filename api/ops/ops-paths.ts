/**
 * The ops paths, outside /api: GET /healthz, /readyz and /metrics (ops.routes.ts serves them). One list for the routes
 * and for the error handler, which answers an unmatched call on them with the API's 404 in the error shape.
 */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

export type OpsPath = (typeof OPS_PATHS)[number];

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** An alternation matching exactly one of the ops paths (no anchors, no flags): for a larger pattern. */
export const OPS_PATHS_PATTERN = `(?:${OPS_PATHS.map(escapeRegExp).join('|')})`;
