/** Who shows the expired-session state when the launch data runs out mid-session (the start-up gate). */
let listener: (() => void) | null = null;

export function setSessionExpiredListener(next: (() => void) | null): void {
  listener = next;
}

export function reportSessionExpired(): void {
  listener?.();
}
