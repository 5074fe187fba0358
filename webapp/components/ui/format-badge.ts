/** Counter text for badges: nothing at zero, '99+' above 99 (end-user.md §2). */
export function formatBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
