import type { VerifiedLaunch } from '../context';
import type { SocketClient } from './client-socket';
import { SOCKET_CLOSE } from '../../contracts/socket-auth';

/** Sockets one user may hold on one process, both paths together (a few tabs and devices; not a farm). */
export const MAX_SOCKETS_PER_USER = 8;
// setTimeout's longest wait; a longer INIT_DATA_MAX_AGE_S is waited out in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Counts each user's open sockets; past the cap the newest is refused (4429), so the sockets a user already
 * has keep working and two tabs over the cap cannot take turns closing each other.
 */
export class SocketCounts {
  private readonly byUser = new Map<number, number>();
  constructor(private readonly max = MAX_SOCKETS_PER_USER) {}

  /** Counts a socket of the user's; false (and nothing counted) past the cap. Its close must `release` it. */
  admit(userId: number): boolean {
    const open = this.byUser.get(userId) ?? 0;
    if (open >= this.max) return false;
    this.byUser.set(userId, open + 1);
    return true;
  }

  release(userId: number): void {
    const left = (this.byUser.get(userId) ?? 1) - 1;
    if (left > 0) this.byUser.set(userId, left);
    else this.byUser.delete(userId);
  }
}

// A plain function with the client as the timer's argument, not a closure: nothing more is kept a socket.
function closeIfExpired(client: SocketClient, expiresAtMs: number): void {
  const left = expiresAtMs - Date.now();
  if (left <= 0) return client.close(SOCKET_CLOSE.sessionExpired, 'initData expired');
  client.expiry = setTimeout(closeIfExpired, Math.min(left, MAX_TIMER_MS), client, expiresAtMs).unref();
}

/**
 * Closes the socket (4401) when its initData expires (auth_date + max age), as HTTP would then refuse it. The
 * socket's close clears `client.expiry`.
 */
export function closeOnExpiry(client: SocketClient, launch: VerifiedLaunch, maxAgeS: number): void {
  if (maxAgeS > 0) closeIfExpired(client, (launch.authDate + maxAgeS) * 1000);
}
