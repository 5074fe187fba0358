export interface OriginPolicy {
  /** PUBLIC_URL: the mini app's own origin. */
  publicUrl?: string;
  /** Whether PUBLIC_URL was configured rather than defaulted; when absent, whether publicUrl is given. */
  publicUrlConfigured?: boolean;
  demo: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a socket upgrade's Origin may connect (cross-site WebSocket hijacking): the PUBLIC_URL origin;
 * in demo mode any localhost origin too. Without a configured PUBLIC_URL outside demo mode there is nothing
 * to compare with, so any origin is let through. A request without Origin is not a browser page: allowed
 * (identity still comes only from initData).
 */
export function isAllowedOrigin(origin: string | undefined, policy: OriginPolicy): boolean {
  if (!origin) return true;
  const checked = policy.publicUrlConfigured ?? policy.publicUrl !== undefined;
  if (!checked && !policy.demo) return true;
  const actual = originOf(origin);
  if (actual === null) return false;
  if (policy.demo && LOCAL_HOSTS.has(new URL(actual).hostname)) return true;
  return checked && policy.publicUrl !== undefined && actual === originOf(policy.publicUrl);
}
