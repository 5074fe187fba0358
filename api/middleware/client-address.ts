/**
 * The address a request came from, for per-address limits. Behind our reverse proxy (app.proxy) the last
 * X-Forwarded-For entry is the one the proxy appended itself; earlier entries are the client's to invent.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, remoteAddress: string | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const last = header.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? remoteAddress ?? 'unknown';
}
