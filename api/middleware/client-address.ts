import { BlockList, isIP } from 'node:net';

export type AddressOf = (forwardedFor: string | string[] | undefined, remoteAddress: string | undefined) => string;

const familyOf = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** `10.0.0.0/8`, `::1` or `192.168.1.7`: an address or a CIDR block; null when it is neither. */
export function parseProxyEntry(entry: string): { ip: string; prefix: number | null } | null {
  const [ip = '', prefix, extra] = entry.trim().split('/');
  const version = isIP(ip);
  if (!version || extra !== undefined) return null;
  if (prefix === undefined) return { ip, prefix: null };
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= (version === 6 ? 128 : 32) ? { ip, prefix: bits } : null;
}

function blockListOf(trustProxy: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of trustProxy) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an IP address or CIDR block: ${entry}`);
    if (parsed.prefix === null) list.addAddress(parsed.ip, familyOf(parsed.ip));
    else list.addSubnet(parsed.ip, parsed.prefix, familyOf(parsed.ip));
  }
  return list;
}

/**
 * The address a request came from, for per-address limits. X-Forwarded-For is read only when the connection
 * comes from a trusted proxy (TRUST_PROXY); then the nearest entry that is not itself a trusted proxy is the
 * client (entries further left are the client's to invent). Anyone else's header is ignored.
 */
export function addressResolver(trustProxy: readonly string[] = []): AddressOf {
  if (trustProxy.length === 0) return (_header, remote) => remote ?? 'unknown';
  const trusted = blockListOf(trustProxy);
  const isTrusted = (ip: string) => isIP(ip) !== 0 && trusted.check(ip, familyOf(ip));
  return (forwardedFor, remote) => {
    if (remote === undefined || !isTrusted(remote)) return remote ?? 'unknown';
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
    const hops = header
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(hops[i]!)) return hops[i]!;
    return hops[0] ?? remote;
  };
}
