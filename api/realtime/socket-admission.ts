import type { WebSocket } from 'ws';
import type { VerifiedLaunch } from '../context';
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

  /** Counts the socket and arranges its release on close; false (and nothing counted) past the cap. */
  admit(ws: WebSocket, userId: number): boolean {
    const open = this.byUser.get(userId) ?? 0;
    if (open >= this.max) return false;
    this.byUser.set(userId, open + 1);
    ws.once('close', () => {
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    });
    return true;
  }
}

/** Closes the socket (4401) when its initData expires (auth_date + max age), as HTTP would then refuse it. */
export function closeOnExpiry(ws: WebSocket, launch: VerifiedLaunch, maxAgeS: number): void {
  if (maxAgeS <= 0) return;
  const expiresAtMs = (launch.authDate + maxAgeS) * 1000;
  let timer: NodeJS.Timeout;
  const wait = () => {
    const left = expiresAtMs - Date.now();
    if (left <= 0) return ws.close(SOCKET_CLOSE.sessionExpired, 'initData expired');
    timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  wait();
  ws.once('close', () => clearTimeout(timer));
}
