import type { AppContext } from '../context';

/** Hosts our image URLs may carry: the configured public URL's, then the one this request came to. */
export function photoHosts(ctx: AppContext, publicUrl?: string): string[] {
  const hosts: string[] = [];
  if (publicUrl) {
    try {
      hosts.push(new URL(publicUrl).host.toLowerCase());
    } catch {
      // an unparsable PUBLIC_URL is refused by the config; nothing to add
    }
  }
  if (ctx.host) hosts.push(ctx.host.toLowerCase());
  return [...new Set(hosts)];
}
